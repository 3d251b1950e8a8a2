import { createHash } from 'node:crypto';
import { COLOR_SCHEMES, COLORS, type Palette } from '@dp/contracts';

/**
 * The stylesheet of public sites: one base sheet for every site with the site's colour scheme as
 * CSS variables (siteSheet: a file of its own, kept by browsers for good), and the few values
 * editors choose (stage colours, label colours) as rules made from checked colours only, inline in
 * the page that shows them, allowed by their hash in the CSP.
 */
const BASE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;scroll-behavior:smooth}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--text);background:var(--background)}
img,video,iframe{max-width:100%}
img{height:auto}
a{color:var(--link)}
a:focus-visible,button:focus-visible,summary:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
h1,h2,h3,h4{line-height:1.2;margin:0 0 .6em}
h1{font-size:clamp(1.8rem,4vw,2.6rem)}
h2{font-size:clamp(1.4rem,3vw,2rem)}
h3{font-size:1.2rem}
p{margin:0 0 1em}
.container{max-width:1200px;margin:0 auto;padding:0 20px}
.visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.skip-link{position:absolute;left:12px;top:-60px;background:var(--primary);color:#fff;padding:10px 16px;z-index:100;border-radius:4px}
.skip-link:focus{top:12px}
.preview-banner{background:#fff3cd;color:#5c4400;border-bottom:2px solid #e0a800;padding:10px 20px;text-align:center;font-weight:600}
.site-header{background:var(--background);border-bottom:1px solid var(--border);position:relative;z-index:10}
.header-bar{display:flex;align-items:center;gap:12px 20px;min-height:72px;flex-wrap:wrap;padding-top:10px;padding-bottom:0}
.logo{display:flex;align-items:center;text-decoration:none;color:var(--text);font-weight:700;font-size:1.15rem;margin-right:auto}
.logo img{max-height:48px;width:auto}
.logo--right{order:3;margin-right:0;margin-left:auto}
.header-bar .menu-toggle{display:none}
.menu ul{list-style:none;margin:0;padding:0}
.menu{order:10;flex-basis:100%;border-top:1px solid var(--border)}.menu>ul{display:flex;gap:4px;flex-wrap:wrap;padding:4px 0}
.menu li{position:relative}
.menu a,.menu .menu__heading{display:block;padding:10px 12px;text-decoration:none;color:var(--text);border-radius:6px;font-weight:500}
.menu a:hover{background:var(--surface)}
.menu a[aria-current=page]{color:var(--primary);box-shadow:inset 0 -2px 0 var(--primary)}
.menu .submenu{display:none;position:absolute;left:0;top:100%;min-width:240px;background:var(--background);border:1px solid var(--border);border-radius:8px;padding:6px;box-shadow:0 8px 24px rgba(0,0,0,.12)}
.menu li:hover>.submenu,.menu li:focus-within>.submenu{display:block}
.menu .menu__close{display:none}
.header-phone{font-weight:700;text-decoration:none;color:var(--text);white-space:nowrap}
.languages{display:flex;gap:6px;list-style:none;margin:0;padding:0}
.languages a{text-decoration:none;padding:4px 8px;border-radius:4px;color:var(--text);border:1px solid var(--border);font-size:.85rem}
.languages a[aria-current=true]{background:var(--primary);color:var(--on-primary);border-color:var(--primary)}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;padding:10px 20px;border-radius:8px;font-weight:600;text-decoration:none;border:2px solid transparent;cursor:pointer;font:inherit;font-weight:600;line-height:1.2}
.btn--primary{background:var(--primary);color:var(--on-primary)}
.btn--secondary{background:var(--secondary);color:var(--on-secondary)}
.btn--outline{border-color:currentColor;color:var(--primary);background:transparent}.stage__panel .btn--outline,.bg-dark .btn--outline,.bg-primary .btn--outline,.bg-secondary .btn--outline{color:inherit}
.btn--text{color:var(--primary);background:transparent;padding-left:0;padding-right:0}
.btn--small{padding:6px 12px;font-size:.9rem}
.btn--large{padding:14px 28px;font-size:1.1rem}
.btn--full{width:100%}
.buttons{display:flex;flex-wrap:wrap;gap:12px}
.buttons--center{justify-content:center}
.buttons--right{justify-content:flex-end}
.icon{width:1.1em;height:1.1em;flex:none}
.floor{padding:40px 0}
.pt-none{padding-top:0}.pt-small{padding-top:20px}.pt-medium{padding-top:40px}.pt-large{padding-top:72px}
.pb-none{padding-bottom:0}.pb-small{padding-bottom:20px}.pb-medium{padding-bottom:40px}.pb-large{padding-bottom:72px}
.align-center{text-align:center}.align-right{text-align:right}
.title-center{text-align:center}.title-right{text-align:right}
.bg-white{background:#fff;color:#1a1f2b}
.bg-light{background:var(--surface)}
.bg-dark{background:#1a1f2b;color:#f1f3f6}
.bg-primary{background:var(--primary);color:var(--on-primary)}
.bg-secondary{background:var(--secondary);color:var(--on-secondary)}
.bg-accent{background:var(--accent);color:var(--on-accent)}
.bg-dark a,.bg-primary a,.bg-secondary a,.bg-accent a{color:inherit}
.bg-primary .btn--primary,.bg-dark .btn--primary{background:var(--background);color:var(--text)}
.floor__subtitle{color:var(--muted);font-size:1.1rem}
.bg-dark .floor__subtitle,.bg-primary .floor__subtitle{color:inherit;opacity:.85}
.weight-regular{font-weight:400}.weight-medium{font-weight:500}.weight-semibold{font-weight:600}.weight-bold{font-weight:700}
.rich ul,.rich ol{padding-left:1.4em;margin:0 0 1em}
.rich blockquote{margin:0 0 1em;padding:8px 16px;border-left:4px solid var(--accent);background:var(--surface)}
.grid{display:grid;gap:20px;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));list-style:none;margin:0;padding:0}
@media(min-width:900px){.grid--2{grid-template-columns:repeat(2,1fr)}.grid--3{grid-template-columns:repeat(3,1fr)}.grid--4{grid-template-columns:repeat(4,1fr)}}
.card{background:var(--background);color:var(--text);border:1px solid var(--border);border-radius:12px;overflow:hidden;display:flex;flex-direction:column}
.card__body{padding:18px 20px;display:flex;flex-direction:column;gap:6px;flex:1}
.card__body p{margin:0}
.card__meta{color:var(--muted);font-size:.9rem}
.card__link{margin-top:auto;padding-top:8px;font-weight:600}
.card img{display:block;width:100%;aspect-ratio:16/9;object-fit:cover}
.card h3 a{color:inherit;text-decoration:none}
.card h3 a:hover{text-decoration:underline}
.tags{display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:0;padding:0}
.tags li{background:var(--surface);color:var(--muted);border-radius:999px;padding:2px 10px;font-size:.85rem}
.figure{margin:0}
.figure figcaption{color:var(--muted);font-size:.9rem;margin-top:6px}
.video{position:relative;width:100%;aspect-ratio:16/9;background:#000;border-radius:12px;overflow:hidden}
.ratio-4-3{aspect-ratio:4/3}.ratio-1-1{aspect-ratio:1/1}.ratio-9-16{aspect-ratio:9/16;max-width:420px}.ratio-21-9{aspect-ratio:21/9}
.video iframe,.video video{position:absolute;inset:0;width:100%;height:100%;border:0}
.contacts{display:grid;gap:24px;grid-template-columns:repeat(auto-fit,minmax(220px,1fr))}
.contacts dl{margin:0}.contacts dt{font-weight:600;margin-top:8px}.contacts dd{margin:0}
.list-plain{list-style:none;margin:0;padding:0}
.stage{position:relative;background:var(--surface)}
.stage__track{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;scrollbar-width:none}
.stage__track::-webkit-scrollbar{display:none}
.stage__slide{position:relative;flex:0 0 100%;scroll-snap-align:start;min-height:clamp(420px,56vw,640px);display:flex;align-items:center;overflow:hidden}
.stage__media,.stage__media img,.stage__media video,.stage__media iframe{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;border:0}
.stage__content{position:relative;width:100%}
.stage__panel{max-width:620px;padding:28px;color:#fff}
.stage--center .stage__panel{margin:0 auto;text-align:center}
.stage--right .stage__panel{margin-left:auto}
.stage__panel--rounded{border-radius:16px}
.stage__title{font-size:clamp(1.7rem,4vw,2.8rem);margin-bottom:.4em}
.stage__subtitle{font-size:1.15rem}
.stage__cards{display:flex;flex-wrap:wrap;gap:12px;list-style:none;padding:0;margin:16px 0 0}
.stage__cards li{background:rgba(255,255,255,.14);border-radius:10px;padding:10px 14px}
.stage__controls{position:absolute;right:20px;bottom:16px;display:flex;gap:8px}
.stage__controls button{background:rgba(0,0,0,.55);color:#fff;border:0;border-radius:999px;width:44px;height:44px;font-size:1.2rem;cursor:pointer}
.no-js .stage__controls{display:none}
.breadcrumbs ol{display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:0;padding:16px 0 0;color:var(--muted);font-size:.9rem}
.breadcrumbs li+li::before{content:"›";margin-right:6px}
.breadcrumbs a{color:var(--muted)}
.page-title{padding-top:20px}
.article-meta{color:var(--muted);display:flex;flex-wrap:wrap;gap:16px;margin-bottom:16px}
.article-image{margin:0 0 20px}
.article-image img{border-radius:12px;width:100%;aspect-ratio:16/9;object-fit:cover}
.lead{font-size:1.15rem}
.pagination{display:flex;gap:6px;list-style:none;padding:0;margin:24px 0 0;flex-wrap:wrap}
.pagination a,.pagination span{display:inline-block;min-width:40px;text-align:center;padding:8px 12px;border:1px solid var(--border);border-radius:6px;text-decoration:none;color:var(--text)}
.pagination [aria-current=page]{background:var(--primary);color:var(--on-primary);border-color:var(--primary)}
.list-more{margin-top:20px}
.form{display:grid;gap:14px;max-width:560px}
.align-center .form{margin:0 auto;text-align:left}
.field label{display:block;font-weight:600;margin-bottom:4px}
.field input,.field textarea,.field select{width:100%;padding:11px 12px;border:1px solid #8a93a3;border-radius:8px;font:inherit;color:#1a1f2b;background:#fff}
.field select{min-height:46px}
.field__optional{font-weight:400;opacity:.75}
.field--check{display:flex;gap:10px;align-items:flex-start}
.field--check input{width:20px;height:20px;margin-top:2px;flex:none}
.field--check label{font-weight:400}
.field__error{color:#b00020;font-size:.9rem;margin-top:4px}
.bg-dark .field__error,.bg-primary .field__error{color:#ffd7dc}
.form-notice{padding:12px 16px;border-radius:8px;background:#fff3cd;color:#5c4400;margin-bottom:12px}
.form-notice--error{background:#fde2e4;color:#7a0014}
.site-footer{background:#1a1f2b;color:#d7dbe2}
.site-footer a{color:#fff}
.footer-grid{display:grid;gap:24px;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));padding-top:40px;padding-bottom:8px}
.footer-grid h2{font-size:1rem;text-transform:uppercase;letter-spacing:.04em;color:#fff}
.copyright{border-top:1px solid rgba(255,255,255,.15);margin-top:24px;padding-top:16px;font-size:.9rem}
.stock{padding:8px 20px 48px}
.stock-kinds ul{display:flex;gap:8px;list-style:none;margin:0 0 20px;padding:0}
.stock-kinds a,.stock-kinds span{display:inline-block;padding:8px 18px;border-radius:999px;border:1px solid var(--border);text-decoration:none;color:var(--text);font-weight:600}
.stock-kinds [aria-current=page]{background:var(--primary);color:var(--on-primary);border-color:var(--primary)}
.stock__layout{display:grid;gap:24px;grid-template-columns:1fr}
.stock__to-filters{display:inline-block;margin:0 0 12px;font-weight:600}
@media(min-width:900px){.stock__layout{grid-template-columns:300px minmax(0,1fr);align-items:start}.stock__to-filters{display:none}}
@media(max-width:899px){.stock-filters{order:2}}
.stock-filters{background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:16px;display:flex;flex-direction:column;gap:14px;min-width:0}
.filter-group{border:0;margin:0;padding:0;display:flex;flex-direction:column;gap:14px;min-width:0}
.filter-group>legend{font-weight:700;font-size:1.05rem;margin-bottom:10px;padding:0}
.filter{border:0;margin:0;padding:0;min-width:0}
.filter__title{display:block;font-weight:600;font-size:.92rem;margin-bottom:6px;padding:0}
.filter ul{list-style:none;margin:0;padding:0;max-height:220px;overflow:auto}
.filter li label,.filter--checkbox label{display:flex;align-items:center;gap:8px;padding:3px 0;cursor:pointer}
.filter input[disabled]+*,.filter label:has(input[disabled]){color:var(--muted)}
.filter__count{margin-left:auto;color:var(--muted);font-size:.85rem}
.filter__range{display:grid;grid-template-columns:1fr 1fr;gap:8px}.filter__range input{font-size:.9rem;padding:8px 6px}.filter__range input::placeholder{font-size:.78rem}
.filter input[type=number],.filter select{width:100%;min-width:0;padding:9px 10px;border:1px solid var(--border);border-radius:8px;font:inherit;background:var(--background);color:var(--text)}
.stock-filters__actions{display:flex;gap:8px;flex-wrap:wrap}
.stock-filters__actions .btn{flex:1 1 auto}
.stock__total{color:var(--muted);margin:0 0 12px}
.stock__empty{padding:32px;text-align:center;background:var(--surface);border-radius:12px}
.car-list{list-style:none;margin:0;padding:0;display:grid;gap:20px;grid-template-columns:1fr}
@media(min-width:600px){.car-list--grid{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media(min-width:1100px){.car-list--grid.car-list--cols-3{grid-template-columns:repeat(3,minmax(0,1fr))}.car-list--grid.car-list--cols-4{grid-template-columns:repeat(4,minmax(0,1fr))}}
.car-card{background:var(--background);border:1px solid var(--border);border-radius:12px;overflow:hidden;min-width:0}
.car-card__link{display:flex;flex-direction:column;height:100%;color:inherit;text-decoration:none}
.car-card__link:hover .car-card__title{color:var(--primary)}
.car-card__media{position:relative;aspect-ratio:16/10;background:var(--surface)}
.car-card__media img{width:100%;height:100%;object-fit:cover;display:block}
.car-card__placeholder{display:flex;align-items:center;justify-content:center;height:100%;padding:12px;text-align:center;font-weight:700;font-size:1.2rem;color:var(--muted)}
.car-card__badges{position:absolute;left:10px;top:10px;display:flex;gap:6px;flex-wrap:wrap;list-style:none;margin:0;padding:0}
.car-card__body{padding:14px 16px 16px;display:flex;flex-direction:column;gap:6px;flex:1}
.car-card__body p{margin:0}
.car-card__title{margin:0;font-size:1.1rem;overflow-wrap:anywhere}
.car-card__complectation,.car-card__facts,.car-card__dealer{color:var(--muted);font-size:.9rem;overflow-wrap:anywhere}
.car-card__tags{display:flex;gap:6px;flex-wrap:wrap;list-style:none;margin:0;padding:0}
.car-label{display:inline-block;padding:2px 8px;border-radius:6px;background:#595959;color:#fff;font-size:.78rem;font-weight:600;line-height:1.5}
.car-card__price{margin-top:auto;padding-top:6px;display:flex;gap:8px;align-items:baseline;flex-wrap:wrap}
.car-card__price strong{font-size:1.25rem}
.car-card__price s{color:var(--muted);font-size:.92rem}
.car-card__credit{color:var(--primary);font-weight:600;font-size:.92rem}
.car-card__benefit{color:#15803d;font-weight:600;font-size:.92rem}
.car-card__buy{margin:0;padding:0 16px 14px;font-size:.92rem;font-weight:600}
.showroom{display:flex;flex-direction:column;gap:32px;padding-bottom:32px}
.showroom__section h2{font-size:1.4rem;margin:0 0 16px}
.showroom__name{margin:-8px 0 0;font-size:1.15rem;color:var(--muted);font-weight:600}
.showroom-trims{list-style:none;margin:0;padding:0;display:grid;gap:12px;grid-template-columns:1fr}
@media(min-width:700px){.showroom-trims{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media(min-width:1100px){.showroom-trims{grid-template-columns:repeat(3,minmax(0,1fr))}}
.showroom-trim{display:flex;flex-direction:column;gap:4px;padding:16px;border:1px solid var(--border);border-radius:12px;background:var(--surface);min-width:0}
.showroom-trim__name{font-weight:600;overflow-wrap:anywhere}
.showroom-trim__price{font-size:1.15rem}
.showroom-trim__count{color:var(--muted);font-size:.9rem}
[hidden]{display:none!important}
.car-card{display:flex;flex-direction:column}
.car-card__link{flex:1}
.car-actions{display:flex;gap:8px;flex-wrap:wrap;align-items:center}
.car-actions .stock-message{flex-basis:100%}
.nowrap{white-space:nowrap}
.car-card>.car-actions{padding:0 16px 16px}
.stock-tools-wrap{display:flex;flex-direction:column;gap:6px;margin:0 0 12px}
.stock-tools{display:flex;gap:16px;flex-wrap:wrap}
.stock-tools a{font-weight:600}
.stock-message{margin:0;font-size:.92rem}
.stock-message--shown{padding:10px 14px;border-radius:8px;background:#fff7e6;border:1px solid #ffd591;color:#7c4a03}
.stock-viewed{padding-top:8px;padding-bottom:32px}
.stock-viewed h2{font-size:1.3rem;margin:0 0 12px}
.stock-viewed__list{list-style:none;margin:0;padding:0 0 8px;display:flex;gap:12px;overflow-x:auto;scroll-snap-type:x mandatory}
.stock-viewed__list li{flex:0 0 180px;scroll-snap-align:start}
.stock-viewed__item{display:flex;flex-direction:column;gap:4px;height:100%;padding:10px;border:1px solid var(--border);border-radius:10px;color:inherit;text-decoration:none;font-size:.9rem}
.stock-viewed__item img{width:100%;height:auto;aspect-ratio:16/10;object-fit:cover;border-radius:8px;background:var(--surface)}
.visitor-cars{padding-bottom:40px}
.compare{overflow-x:auto;border:1px solid var(--border);border-radius:12px}
.compare__table{border-collapse:collapse;width:100%;min-width:520px}
.compare__table th,.compare__table td{padding:10px 12px;border-bottom:1px solid var(--border);text-align:left;vertical-align:top;overflow-wrap:anywhere}
.compare__table tbody th{color:var(--muted);font-weight:500;width:22%;min-width:130px;overflow-wrap:normal}
.compare__table tbody th,.compare__table thead td{position:sticky;left:0;background:var(--background);z-index:1}
.compare__table thead th{width:26%}
.compare__car{display:flex;flex-direction:column;gap:6px;color:inherit;text-decoration:none;font-weight:700}
.compare__car img{width:100%;height:auto;aspect-ratio:16/10;object-fit:cover;border-radius:8px}
.compare__remove{display:inline-block;margin-top:6px;font-size:.85rem;font-weight:400}
.car-card__status{color:#b45309;font-weight:600;font-size:.9rem}
.accessory-stock{color:#15803d;font-weight:600;font-size:.9rem}
.shop-categories ul{flex-wrap:wrap}
.accessory-card .car-card__facts{font-size:.85rem}
@media(min-width:700px){.car-list--list .car-card__link{flex-direction:row}.car-list--list .car-card__media{flex:0 0 300px;aspect-ratio:auto;min-height:190px}}
.car-page{padding-bottom:48px}
.car-page__top{display:grid;gap:24px;grid-template-columns:1fr;margin-bottom:32px}
@media(min-width:900px){.car-page__top{grid-template-columns:minmax(0,1fr) 340px;align-items:start}}
.car-gallery{border-radius:12px;overflow:hidden;background:var(--surface);min-width:0}
.car-gallery__track{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;list-style:none;margin:0;padding:0}
.car-gallery__track li{flex:0 0 100%;scroll-snap-align:start}
.car-gallery__track img{display:block;width:100%;aspect-ratio:16/10;object-fit:cover}
.car-gallery--empty{aspect-ratio:16/8}
.car-page__aside{background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:20px;display:flex;flex-direction:column;gap:10px}
.car-page__aside p{margin:0}
.car-price{display:flex;flex-direction:column;gap:8px}
.car-price p{margin:0}
.car-price__main{font-size:1.8rem;font-weight:700;line-height:1.2}
.car-price__old{color:var(--muted)}
.car-page__forms{display:flex;flex-direction:column;gap:24px;min-width:0}
.car-savings__title{font-size:1rem;margin:6px 0}
.car-savings ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px;font-size:.92rem}
.car-savings li{display:flex;flex-wrap:wrap;justify-content:space-between;gap:2px 12px}.car-savings strong{white-space:nowrap}.car-savings__note{flex-basis:100%;font-size:.8rem;opacity:.75}
.car-page__details{display:grid;gap:32px;grid-template-columns:1fr}
@media(min-width:900px){.car-page__details{grid-template-columns:minmax(0,1fr) 380px;align-items:start}}
.car-section{margin-bottom:28px}
.car-specs{display:grid;grid-template-columns:1fr;gap:0;margin:0}
@media(min-width:600px){.car-specs{grid-template-columns:1fr 1fr;column-gap:32px}}
.car-specs div{display:flex;justify-content:space-between;gap:16px;padding:10px 0;border-bottom:1px solid var(--border)}
.car-specs dt{color:var(--muted)}
.car-specs dd{margin:0;text-align:right;font-weight:500;overflow-wrap:anywhere}
.car-swatch{display:inline-block;width:14px;height:14px;border-radius:50%;border:1px solid var(--border);margin-right:6px;vertical-align:-2px}
.car-options{columns:2 220px;padding-left:20px;margin:0}
.car-options li{break-inside:avoid;margin-bottom:4px}
.car-description{white-space:pre-line}
.car-request h2,.car-sold h2{font-size:1.35rem}.car-request,.car-sold{background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:20px}
.notice-page{max-width:640px;margin:0 auto;padding:96px 20px;text-align:center}
@media(max-width:767px){
.header-bar{min-height:60px}
.header-bar .menu-toggle{display:inline-flex}
.menu{display:none}
.menu:target,.js .menu.is-open{display:block}
.js .menu:target:not(.is-open){display:none}
.menu>ul{flex-direction:column}
.menu .submenu{display:block;position:static;box-shadow:none;border:0;padding-left:14px}
.menu .menu__close{display:inline-flex;margin:6px 0}
.header-phone{display:none}
.header-cta{display:none}
.floor{padding:28px 0}
.pt-large{padding-top:40px}.pb-large{padding-bottom:40px}
.stage__panel{padding:20px}
}
`;

/** Readable text on a colour: white on dark ones, near-black on light ones. */
export function onColor(hex: string): string {
  const value = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(value.slice(at, at + 2), 16) / 255) as [number, number, number];
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return luminance > 0.35 ? '#111418' : '#FFFFFF';
}

/** A site's colour scheme; an unknown one is the first. */
const schemeOf = (scheme: string | null | undefined) => COLOR_SCHEMES.find((entry) => entry.code === scheme) ?? COLOR_SCHEMES[0]!;

export function paletteOf(scheme: string | null | undefined): Palette {
  return schemeOf(scheme).palette;
}

/** The scheme as CSS variables (every value from the contracts dictionary, never typed by editors). */
export function schemeCss(scheme: string | null | undefined): string {
  const p = paletteOf(scheme);
  const dark = onColor(p.background) === '#FFFFFF';
  return `:root{--primary:${p.primary};--secondary:${p.secondary};--accent:${p.accent};--background:${p.background};--surface:${p.surface};--text:${p.text};--muted:${p.muted};--border:${dark ? '#2f3640' : '#dde1e7'};--link:${dark ? p.secondary : p.primary};--on-primary:${onColor(p.primary)};--on-secondary:${onColor(p.secondary)};--on-accent:${onColor(p.accent)}}`;
}

/** The floors' background codes the sheet knows (COLORS in contracts); others are left without a background. */
export const BACKGROUND_CODES = new Set(COLORS.map((color) => color.code).filter((code) => code !== 'transparent'));

export const baseCss = BASE.replace(/\n/g, '');

/** The base sheet with a colour scheme, at an address made from its text (`/_site/style.<hash>.css`): a changed sheet is at another. */
export interface SiteSheet {
  path: string;
  css: string;
}

const sheets = new Map<string, SiteSheet>();

/** The sheet of a site's colour scheme (an unknown scheme has the first one's). */
export function siteSheet(scheme: string | null | undefined): SiteSheet {
  const code = schemeOf(scheme).code;
  let sheet = sheets.get(code);
  if (!sheet) {
    const css = `${baseCss}${schemeCss(code)}`;
    sheets.set(code, (sheet = { path: `/_site/style.${createHash('sha256').update(css).digest('hex').slice(0, 12)}.css`, css }));
  }
  return sheet;
}

/** The sheet at a path of the sites' hosts, if it is one. */
export function sheetAt(path: string): SiteSheet | undefined {
  if (!path.startsWith('/_site/style.')) return undefined;
  return COLOR_SCHEMES.map((entry) => siteSheet(entry.code)).find((sheet) => sheet.path === path);
}
