import { createHash } from 'node:crypto';

/**
 * The one script of public sites, served at /_site/site.<hash>.js (CSP: scripts from the site's
 * own origin only, plus the counters' hosts). Pages work without it; it adds the small things:
 * the mobile menu's toggle, the stage's arrows, stages first for visitors of their personalization
 * pages, form messages in the site's language, and the counters the SEO settings name (their
 * providers' snippets, started from ids, so nothing typed by editors runs as code).
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

  function forms() {
    document.querySelectorAll('form.form input, form.form textarea').forEach(function (input) {
      input.addEventListener('invalid', function () {
        var v = input.validity;
        var text = v.valueMissing ? input.getAttribute('data-msg-required') : (v.patternMismatch ? input.getAttribute('data-msg-pattern') : (v.tooLong ? input.getAttribute('data-msg-long') : ''));
        input.setCustomValidity(text || '');
      });
      input.addEventListener('input', function () { input.setCustomValidity(''); });
    });
  }

  // The request intake's proof-of-work captcha (request.storage): a challenge from the site's
  // API, a nonce whose sha256(challenge + nonce) starts with the asked zero bits, sent with the form.
  var K = [];
  (function () { var n = 2, c = 0; while (c < 64) { var p = true; for (var d = 2; d * d <= n; d++) if (n % d === 0) { p = false; break; } if (p) { K[c++] = (Math.pow(n, 1 / 3) % 1) * 4294967296 | 0; } n++; } })();
  function sha256(ascii) {
    var H = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    var bytes = []; for (var i = 0; i < ascii.length; i++) bytes.push(ascii.charCodeAt(i) & 255);
    var bits = bytes.length * 8; bytes.push(128); while (bytes.length % 64 !== 56) bytes.push(0);
    for (var j = 7; j >= 0; j--) bytes.push(j > 3 ? 0 : (bits >>> (j * 8)) & 255);
    var w = new Array(64);
    for (var o = 0; o < bytes.length; o += 64) {
      for (var t = 0; t < 16; t++) w[t] = (bytes[o + 4 * t] << 24) | (bytes[o + 4 * t + 1] << 16) | (bytes[o + 4 * t + 2] << 8) | bytes[o + 4 * t + 3];
      for (t = 16; t < 64; t++) {
        var a0 = w[t - 15], a1 = w[t - 2];
        var s0 = ((a0 >>> 7) | (a0 << 25)) ^ ((a0 >>> 18) | (a0 << 14)) ^ (a0 >>> 3);
        var s1 = ((a1 >>> 17) | (a1 << 15)) ^ ((a1 >>> 19) | (a1 << 13)) ^ (a1 >>> 10);
        w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
      }
      var a = H[0], b = H[1], c = H[2], d = H[3], e = H[4], f = H[5], g = H[6], h = H[7];
      for (t = 0; t < 64; t++) {
        var S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
        var t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[t] + w[t]) | 0;
        var S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
        var t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        h = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
      }
      H[0] = (H[0] + a) | 0; H[1] = (H[1] + b) | 0; H[2] = (H[2] + c) | 0; H[3] = (H[3] + d) | 0; H[4] = (H[4] + e) | 0; H[5] = (H[5] + f) | 0; H[6] = (H[6] + g) | 0; H[7] = (H[7] + h) | 0;
    }
    return H;
  }
  function zeroBits(H) { var n = 0; for (var i = 0; i < 8; i++) { if (H[i] === 0) { n += 32; continue; } return n + Math.clz32(H[i]); } return n; }
  function captcha(form) {
    var challenge = form.querySelector('input[name="captcha_challenge"]');
    var nonce = form.querySelector('input[name="captcha_nonce"]');
    if (!challenge || !nonce || !window.fetch) return;
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

  ready(function () {
    document.querySelectorAll('form.form').forEach(captcha);
    var seen = visited();
    menu();
    stage(seen);
    forms();
    counters();
  });
})();
`;

export const siteScript = SCRIPT;
/** A short hash of the script in its address: cached for a year, a new version gets a new address. */
export const siteScriptPath = `/_site/site.${createHash('sha256').update(SCRIPT).digest('hex').slice(0, 12)}.js`;
