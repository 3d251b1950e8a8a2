import { createHash } from 'node:crypto';
import { CAPTCHA_SOLVER_SCRIPT } from '../request.storage/captcha-solver-script.ts';
import { LEAD_SOURCE_SCRIPT } from '../request.storage/lead-source-script.ts';

/**
 * The one script of public sites, served at /_site/site.<hash>.js (CSP: scripts from the site's
 * own origin only, plus the counters' hosts). Pages work without it; it adds the small things:
 * the mobile menu's toggle, the stage's arrows, stages first for visitors of their personalization
 * pages, form messages in the site's language, the phone mask, the request's analytics block (the
 * visit's UTM kept in sessionStorage, the page, the counters' client ids) sent with the forms, and
 * the counters the SEO settings name (their providers' snippets, started from ids, so nothing typed
 * by editors runs as code), and the visitor's favourites, comparison and viewed cars.
 */
const SCRIPT = String.raw`(function () {
  var root = document.documentElement;
  root.classList.remove('no-js');
  root.classList.add('js');

  function ready(fn) { if (document.readyState !== 'loading') fn(); else document.addEventListener('DOMContentLoaded', fn); }

  function load(src) { var s = document.createElement('script'); s.async = true; s.src = src; document.head.appendChild(s); }

  var COUNTERS = {
    yandex_metrika: function (id) {
      window.ym = window.ym || function () { (window.ym.a = window.ym.a || []).push(arguments); };
      window.ym.l = 1 * new Date();
      load('https://mc.yandex.ru/metrika/tag.js');
      window.ym(Number(id), 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true });
    },
    google_analytics: function (id) {
      window.dataLayer = window.dataLayer || [];
      window.gtag = window.gtag || function () { window.dataLayer.push(arguments); };
      window.gtag('js', new Date());
      window.gtag('config', id);
      load('https://www.googletagmanager.com/gtag/js?id=' + encodeURIComponent(id));
    },
    google_tag_manager: function (id) {
      window.dataLayer = window.dataLayer || [];
      window.dataLayer.push({ 'gtm.start': new Date().getTime(), event: 'gtm.js' });
      load('https://www.googletagmanager.com/gtm.js?id=' + encodeURIComponent(id));
    },
    vk_pixel: function (id) {
      var s = document.createElement('script');
      s.async = true;
      s.src = 'https://vk.com/js/api/openapi.js?169';
      s.onload = function () { if (window.VK && window.VK.Retargeting) { window.VK.Retargeting.Init(id); window.VK.Retargeting.Hit(); } };
      document.head.appendChild(s);
    },
    top_mail_ru: function (id) {
      var tmr = window._tmr || (window._tmr = []);
      tmr.push({ id: id, type: 'pageView', start: new Date().getTime() });
      load('https://top-fwz1.mail.ru/js/code.js');
    }
  };

  function counters() {
    var meta = document.querySelector('meta[name="dp-counters"]');
    if (!meta) return;
    var list = [];
    try { list = JSON.parse(meta.getAttribute('content') || '[]'); } catch (e) { return; }
    list.forEach(function (c) {
      if (COUNTERS[c.type] && /^[A-Za-z0-9-]+$/.test(c.id)) { try { COUNTERS[c.type](c.id); } catch (e) { /* a counter never breaks the page */ } }
    });
  }

  function menu() {
    var nav = document.getElementById('menu');
    if (!nav) return;
    var toggles = document.querySelectorAll('[data-menu-toggle]');
    function set(open) {
      nav.classList.toggle('is-open', open);
      toggles.forEach(function (t) { t.setAttribute('aria-expanded', open ? 'true' : 'false'); });
    }
    toggles.forEach(function (t) {
      t.addEventListener('click', function (e) { e.preventDefault(); set(!nav.classList.contains('is-open')); });
    });
    var close = nav.querySelector('.menu__close');
    if (close) close.addEventListener('click', function (e) { e.preventDefault(); set(false); if (toggles[0]) toggles[0].focus(); });
    document.addEventListener('keydown', function (e) { if (e.key === 'Escape' && nav.classList.contains('is-open')) set(false); });
  }

  function visited() {
    var id = document.body.getAttribute('data-page');
    var list = [];
    try { list = JSON.parse(localStorage.getItem('dp_visited') || '[]'); } catch (e) { list = []; }
    if (!Array.isArray(list)) list = [];
    if (id && list.indexOf(id) < 0) { list.unshift(id); list = list.slice(0, 50); try { localStorage.setItem('dp_visited', JSON.stringify(list)); } catch (e) { /* private mode */ } }
    return list;
  }

  function stage(seen) {
    var track = document.querySelector('.stage__track');
    if (!track) return;
    var slides = Array.prototype.slice.call(track.children);
    var first = slides.filter(function (s) {
      var pages = (s.getAttribute('data-personalize') || '').split(',');
      return pages.some(function (p) { return p && seen.indexOf(p) >= 0; });
    });
    first.reverse().forEach(function (s) { track.insertBefore(s, track.firstChild); });
    var prev = document.querySelector('[data-stage="prev"]');
    var next = document.querySelector('[data-stage="next"]');
    function go(dir) { track.scrollBy({ left: dir * track.clientWidth, behavior: 'smooth' }); }
    if (prev) prev.addEventListener('click', function () { go(-1); });
    if (next) next.addEventListener('click', function () { go(1); });
  }

  // The request's source (request.storage lead-source-script.ts): the visit's UTM, the page, the counters' ids.
${LEAD_SOURCE_SCRIPT}  function calltracking() {
    var meta = document.querySelector('meta[name="dp-calltracking"]');
    try { return meta ? JSON.parse(meta.getAttribute('content') || '{}') : {}; } catch (e) { return {}; }
  }

  function source(form) {
    var field = form.querySelector('input[name="analytics"]');
    if (!field) return;
    form.addEventListener('submit', function () { try { field.value = JSON.stringify(dpAnalytics(calltracking(), true)); } catch (e) { field.value = ''; } });
  }

  function forms() {
    document.querySelectorAll('form.form input[type="tel"]').forEach(dpPhoneMask);
    document.querySelectorAll('form.form input, form.form textarea, form.form select').forEach(function (input) {
      input.addEventListener('invalid', function () {
        var v = input.validity;
        // A value of the wrong form (a pattern, an e-mail, a number out of range, a VIN too short) gets the field's format message.
        var format = v.patternMismatch || v.typeMismatch || v.rangeUnderflow || v.rangeOverflow || v.stepMismatch || v.badInput || v.tooShort;
        var text = v.valueMissing ? input.getAttribute('data-msg-required') : (format ? input.getAttribute('data-msg-pattern') : (v.tooLong ? input.getAttribute('data-msg-long') : ''));
        input.setCustomValidity(text || '');
      });
      input.addEventListener('input', function () { input.setCustomValidity(''); });
      input.addEventListener('change', function () { input.setCustomValidity(''); });
    });
  }

  // The request intake's proof-of-work captcha (request.storage): a challenge from the site's
  // API, a nonce whose sha256(challenge + nonce) starts with the asked zero bits, sent with the form.
${CAPTCHA_SOLVER_SCRIPT}  function captcha(form) {
    var challenge = form.querySelector('input[name="captcha_challenge"]');
    var nonce = form.querySelector('input[name="captcha_nonce"]');
    // A form with the smart captcha's widget sends the widget's token instead.
    if (!challenge || !nonce || !window.fetch || form.querySelector('.smart-captcha')) return;
    form.addEventListener('submit', function (e) {
      if (challenge.value) return;
      e.preventDefault();
      fetch('/_api/requests/captcha', { headers: { accept: 'application/json' } }).then(function (r) { return r.json(); }).then(function (body) {
        var c = body.data.challenge, want = body.data.bits, n = 0;
        while (zeroBits(sha256(c + n)) < want) n++;
        challenge.value = c; nonce.value = String(n);
        form.submit();
      }).catch(function () { form.submit(); });
    });
  }

  // The visitor's favourites, comparison and viewed cars (the stock settings' limits and days, in
  // the page's dp-stock meta): kept in localStorage, the pages of favourites and comparison drawn
  // by the server from the ids in their address.
  function stockTools() {
    var meta = document.querySelector('meta[name="dp-stock"]');
    if (!meta) return;
    var cfg;
    try { cfg = JSON.parse(meta.getAttribute('content') || '{}'); } catch (e) { return; }
    var DAY = 864e5;
    function read(key, days) {
      var list = [];
      try { list = JSON.parse(localStorage.getItem(key) || '[]'); } catch (e) { list = []; }
      if (!Array.isArray(list)) list = [];
      var now = Date.now();
      return list.filter(function (item) { return item && typeof item.id === 'number' && (!days || now - (Number(item.t) || 0) < days * DAY); });
    }
    function write(key, list) { try { localStorage.setItem(key, JSON.stringify(list)); } catch (e) { /* private mode */ } }
    function favorites() { return cfg.favorites ? read('dp_favorites', cfg.favoritesDays).slice(0, cfg.favoritesMax) : []; }
    function compared() { return read('dp_compare', 0).slice(0, cfg.compareMax); }
    function idsOf(list) { return list.map(function (item) { return item.id; }).join(','); }
    function has(list, id) { return list.some(function (item) { return item.id === id; }); }
    function without(list, id) { return list.filter(function (item) { return item.id !== id; }); }
    // A refusal is said next to the button pressed (its car's line), else in the tools' line.
    function say(text, near) {
      var own = near && near.querySelector('[data-stock-message]');
      document.querySelectorAll('[data-stock-message]').forEach(function (line) {
        var shown = !!text && (own ? line === own : !line.closest('[data-car-actions]'));
        line.textContent = shown ? text : '';
        line.classList.toggle('stock-message--shown', shown);
      });
    }
    var params = new URLSearchParams(location.search);
    var path = location.pathname;
    // A comparison's address is the comparison: what a visitor removed by its links stays removed.
    if (path === cfg.compare && params.has('ids')) {
      var asked = (params.get('ids') || '').split(',').filter(function (part) { return /^\d{1,9}$/.test(part); }).slice(0, cfg.compareMax);
      write('dp_compare', asked.map(function (id) { return { id: Number(id), t: Date.now() }; }));
    }
    // The pages without ids show what this browser keeps.
    if (!params.has('ids') && (path === cfg.compare || (cfg.favorites && path === cfg.favorites))) {
      var kept = path === cfg.compare ? compared() : favorites();
      if (kept.length) { location.replace(path + '?ids=' + idsOf(kept)); return; }
    }

    function refresh() {
      var fav = favorites(), cmp = compared();
      document.querySelectorAll('[data-stock-tools]').forEach(function (nav) {
        nav.hidden = false;
        nav.querySelectorAll('[data-tool]').forEach(function (link) {
          var tool = link.getAttribute('data-tool');
          var list = tool === 'favorites' ? fav : cmp;
          link.setAttribute('href', (tool === 'favorites' ? cfg.favorites : cfg.compare) + (list.length ? '?ids=' + idsOf(list) : ''));
          var count = link.querySelector('[data-count]');
          if (count) count.textContent = list.length ? '(' + list.length + ')' : '';
        });
      });
      document.querySelectorAll('[data-car-actions]').forEach(function (box) {
        var id = Number(box.getAttribute('data-car-actions'));
        box.hidden = false;
        var favorite = box.querySelector('[data-favorite]');
        var compare = box.querySelector('[data-compare]');
        if (favorite) {
          var liked = has(fav, id);
          favorite.setAttribute('aria-pressed', liked ? 'true' : 'false');
          favorite.textContent = liked ? cfg.text.favoritesAdded : cfg.text.favoritesAdd;
        }
        if (compare) {
          var chosen = has(cmp, id);
          compare.setAttribute('aria-pressed', chosen ? 'true' : 'false');
          compare.textContent = chosen ? cfg.text.compareAdded : cfg.text.compareAdd;
        }
      });
    }

    document.addEventListener('click', function (e) {
      var button = e.target && e.target.closest ? e.target.closest('[data-favorite], [data-compare]') : null;
      var box = button && button.closest('[data-car-actions]');
      if (!box) return;
      var id = Number(box.getAttribute('data-car-actions'));
      if (button.hasAttribute('data-favorite')) {
        var fav = favorites();
        if (has(fav, id)) fav = without(fav, id);
        else if (fav.length >= cfg.favoritesMax) { say(cfg.text.favoritesFull, box); return; }
        else fav.unshift({ id: id, t: Date.now() });
        write('dp_favorites', fav);
      } else {
        var cmp = compared();
        if (has(cmp, id)) cmp = without(cmp, id);
        else if (cmp.length >= cfg.compareMax) { say(cfg.text.compareFull, box); return; }
        else cmp.push({ id: id, t: Date.now() });
        write('dp_compare', cmp);
      }
      say('');
      refresh();
    });

    // The car of this page joins the viewed ones; the strip shows the others.
    var viewed = cfg.viewedMax ? read('dp_viewed', cfg.viewedDays) : [];
    var here = document.querySelector('[data-car]');
    var current = null;
    if (here && cfg.viewedMax) {
      try { current = JSON.parse(here.getAttribute('data-car') || 'null'); } catch (e) { current = null; }
      if (current && typeof current.id === 'number') {
        current.t = Date.now();
        viewed = [current].concat(without(viewed, current.id)).slice(0, cfg.viewedMax);
        write('dp_viewed', viewed);
      }
    }
    var strip = document.querySelector('[data-viewed]');
    var others = viewed.filter(function (item) { return !current || item.id !== current.id; });
    if (strip && others.length) {
      var list = strip.querySelector('ul');
      var money = new Intl.NumberFormat('ru-RU');
      others.forEach(function (item) {
        // Only this site's addresses and its files or https pictures, whatever the storage holds.
        if (typeof item.href !== 'string' || !/^\/(?![\/\\])/.test(item.href)) return;
        var li = document.createElement('li');
        var a = document.createElement('a');
        a.href = item.href;
        a.className = 'stock-viewed__item';
        if (typeof item.image === 'string' && /^(\/files\/|https:\/\/)/.test(item.image)) {
          var img = document.createElement('img');
          img.src = item.image; img.alt = ''; img.width = 160; img.height = 100; img.loading = 'lazy';
          a.appendChild(img);
        }
        var name = document.createElement('span');
        name.textContent = String(item.name || '');
        a.appendChild(name);
        if (typeof item.price === 'number') {
          var price = document.createElement('strong');
          price.textContent = money.format(item.price) + ' \u20bd';
          a.appendChild(price);
        }
        li.appendChild(a);
        list.appendChild(li);
      });
      strip.hidden = !list.children.length;
    }
    refresh();
  }

  ready(function () {
    dpRememberVisit();
    // The analytics first: the captcha's handler may send the form itself.
    document.querySelectorAll('form.form').forEach(source);
    document.querySelectorAll('form.form').forEach(captcha);
    var seen = visited();
    menu();
    stage(seen);
    forms();
    stockTools();
    counters();
  });
})();
`;

export const siteScript = SCRIPT;
/** A short hash of the script in its address: cached for a year, a new version gets a new address. */
export const siteScriptPath = `/_site/site.${createHash('sha256').update(SCRIPT).digest('hex').slice(0, 12)}.js`;
