/**
 * The embeddable script of a custom form (`GET /_api/forms/{id}/embed.js` on the site's host):
 * `<div id="dp-form-5"></div><script src="https://<site>/_api/forms/5/embed.js" async></script>`
 * (or `data-target="<element id>"` on the script). It draws the form's markup (made by the server
 * with contracts' renderFormHtml, the builder's preview being the same), adds masks and
 * dependent lists, uploads files to the site (`/_api/forms/{id}/files/{field}`), solves the
 * proof-of-work captcha (or shows the smart captcha's widget) and posts the request to the site's
 * intake (`/_api/requests/custom_form_requests`, CORS), then shows the server's answers by field.
 * Plain ES5 without outside code; the form's own page on the site uses it too.
 */
export interface EmbedPayload {
  id: number;
  lang: 'ru' | 'en';
  html: string;
  css: string;
  agreement_hash: string;
  captcha: { kind: 'proof_of_work' } | { kind: 'smart_captcha'; sitekey: string };
  fields: { id: string; type: string; disabled: boolean; codes: Record<string, string> | null }[];
  texts: Record<string, string>;
}

const SCRIPT = String.raw`(function (P) {
  'use strict';
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src, location.href).origin : location.origin;
  var targetId = (script && script.getAttribute('data-target')) || ('dp-form-' + P.id);
  var T = P.texts;

  function text(key, params) {
    var s = T[key] || '';
    for (var k in params || {}) s = s.split('{' + k + '}').join(String(params[k]));
    return s;
  }

  // sha256 of an ASCII string (the proof-of-work captcha; no crypto.subtle on plain-http hosts).
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

  function json(response) {
    return response.text().then(function (body) {
      var data = null;
      try { data = body ? JSON.parse(body) : null; } catch (e) { data = null; }
      return { status: response.status, body: data };
    });
  }

  function applyMask(input, mask) {
    var raw = input.value, out = '', j = 0;
    for (var i = 0; i < mask.length && j < raw.length; i++) {
      var m = mask.charAt(i);
      if (m === '9' || m === 'a' || m === '*') {
        while (j < raw.length) {
          var c = raw.charAt(j++);
          if ((m === '9' && /\d/.test(c)) || (m === 'a' && /[^\d\s]/.test(c)) || m === '*') { out += c; break; }
        }
      } else {
        out += m;
        if (raw.charAt(j) === m) j++;
      }
    }
    input.value = out;
  }

  function wire(form) {
    var status = form.querySelector('.dpf-status');
    var button = form.querySelector('.dpf-submit');
    var smartWidget = null;

    function box(fieldId) { return form.querySelector('[data-field="' + fieldId + '"]'); }
    function clearError(fieldId) {
      var b = box(fieldId); if (!b) return;
      b.classList.remove('is-invalid');
      var e = b.querySelector('.dpf-error'); if (e) e.textContent = '';
    }
    function showError(fieldId, message) {
      var b = box(fieldId); if (!b) return false;
      b.classList.add('is-invalid');
      var e = b.querySelector('.dpf-error'); if (e) e.textContent = message;
      return true;
    }
    function setStatus(message, kind) {
      status.textContent = message || '';
      status.className = 'dpf-status' + (kind ? ' is-' + kind : '');
    }

    Array.prototype.forEach.call(form.querySelectorAll('input, select, textarea'), function (el) {
      var owner = el.closest('[data-field]');
      var fieldId = owner ? owner.getAttribute('data-field') : null;
      el.addEventListener('invalid', function () { if (el.validity.valueMissing) el.setCustomValidity(el.getAttribute('data-msg-required') || ''); });
      var reset = function () { el.setCustomValidity(''); if (fieldId) clearError(fieldId); };
      el.addEventListener('input', reset);
      el.addEventListener('change', reset);
      var mask = el.getAttribute('data-mask');
      if (mask) el.addEventListener('input', function () { applyMask(el, mask); });
    });

    // Lists that follow another field (models of the chosen brand).
    Array.prototype.forEach.call(form.querySelectorAll('select[data-depends]'), function (select) {
      var master = form.elements[select.getAttribute('data-depends')];
      if (!master || !master.addEventListener) return;
      var follow = function () {
        var chosen = master.value;
        Array.prototype.forEach.call(select.options, function (option) {
          if (!option.value) return;
          var off = !!chosen && option.getAttribute('data-brand') !== chosen;
          option.hidden = off; option.disabled = off;
        });
        if (select.selectedOptions[0] && select.selectedOptions[0].disabled) select.value = '';
      };
      master.addEventListener('change', follow);
      follow();
    });

    if (P.captcha.kind === 'smart_captcha') {
      var holder = form.querySelector('[data-captcha]');
      var callback = '__dpfSmart' + P.id;
      window[callback] = function () { if (window.smartCaptcha) smartWidget = window.smartCaptcha.render(holder, { sitekey: P.captcha.sitekey, hl: P.lang }); };
      var loader = document.createElement('script');
      loader.src = 'https://smartcaptcha.yandexcloud.net/captcha.js?render=onload&onload=' + callback;
      loader.async = true;
      document.head.appendChild(loader);
    }

    function captcha() {
      if (P.captcha.kind === 'smart_captcha') {
        var token = window.smartCaptcha && smartWidget !== null ? window.smartCaptcha.getResponse(smartWidget) : '';
        return token ? Promise.resolve({ token: token }) : Promise.reject({ message: T.required_captcha });
      }
      setStatus(T.robot);
      return fetch(origin + '/_api/requests/captcha', { headers: { accept: 'application/json' } }).then(json).then(function (answer) {
        if (answer.status !== 200 || !answer.body) throw { message: T.failed };
        var c = answer.body.data.challenge, want = answer.body.data.bits, n = 0;
        while (zeroBits(sha256(c + n)) < want) n++;
        return { challenge: c, nonce: String(n) };
      });
    }

    function accepted(name, formats) {
      var ext = (name.split('.').pop() || '').toLowerCase();
      if (ext === 'jpeg') ext = 'jpg';
      return formats.indexOf(ext) >= 0;
    }

    // Files are checked here for what the browser can see (count, size, name), then again by the server.
    function uploads() {
      var jobs = [], tokens = {}, ok = true;
      P.fields.forEach(function (f) {
        if (f.type !== 'file' || f.disabled) return;
        var input = form.elements[f.id];
        var files = input && input.files ? Array.prototype.slice.call(input.files) : [];
        var max = Number(input.getAttribute('data-max-files')), size = Number(input.getAttribute('data-max-size'));
        var formats = (input.getAttribute('data-accept') || '').split(',');
        tokens[f.id] = [];
        if (files.length > max) { ok = showError(f.id, text('file_count', { count: max })) && false; return; }
        files.forEach(function (file) {
          if (file.size > size * 1024 * 1024) { ok = showError(f.id, text('file_too_large', { name: file.name, size: size })) && false; return; }
          if (!accepted(file.name, formats)) { ok = showError(f.id, text('file_format', { name: file.name, formats: formats.join(', ') })) && false; return; }
          jobs.push(fetch(origin + '/_api/forms/' + P.id + '/files/' + encodeURIComponent(f.id), {
            method: 'POST',
            headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name).slice(0, 500), 'accept-language': P.lang },
            body: file
          }).then(json).then(function (answer) {
            if (answer.status !== 201) throw { field: f.id, message: answer.body && answer.body.errors ? answer.body.errors[0].title : T.failed };
            tokens[f.id].push(answer.body.data.token);
          }));
        });
      });
      if (!ok) return Promise.reject({ message: T.errors });
      return Promise.all(jobs).then(function () { return tokens; });
    }

    function content(files) {
      var values = {};
      P.fields.forEach(function (f) {
        if (f.disabled) return;
        var el = form.elements[f.id];
        if (f.type === 'file') { values[f.id] = files[f.id] || []; return; }
        if (f.type === 'checkbox') { values[f.id] = !!(el && el.checked); return; }
        var value = el && el.value !== undefined ? String(el.value).trim() : '';
        if (f.type === 'phone' && f.codes && value && value.charAt(0) !== '+') {
          var code = form.elements[f.id + '__code'];
          var dial = code ? f.codes[code.value] : '';
          var digits = value.replace(/\D/g, '');
          if (!(dial === '7' && digits.length === 11 && /^[78]/.test(digits))) value = '+' + dial + ' ' + value;
        }
        values[f.id] = value;
      });
      return values;
    }

    function analytics() {
      var query = {};
      try { new URLSearchParams(location.search).forEach(function (v, k) { query[k] = v; }); } catch (e) { query = {}; }
      var utm = {};
      ['source', 'campaign', 'term', 'medium', 'content'].forEach(function (k) { if (query['utm_' + k]) utm[k] = String(query['utm_' + k]).slice(0, 255); });
      var result = { page: { page_url: location.href.slice(0, 2048), page_title: (document.title || '').slice(0, 500) } };
      if (Object.keys(utm).length) result.utm = utm;
      return result;
    }

    function fail(error) {
      if (error && error.field) showError(error.field, error.message);
      setStatus((error && error.message) || T.failed, 'error');
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      if (button.disabled) return;
      P.fields.forEach(function (f) { clearError(f.id); });
      clearError('_consent');
      button.disabled = true;
      setStatus(T.sending);
      var files;
      uploads().then(function (tokens) { files = tokens; return captcha(); }).then(function (answer) {
        var body = { data: { attributes: { custom_form_id: P.id, content: content(files), processing_of_personal_data: true, agreement_hash: P.agreement_hash, analytics: analytics() }, captcha: answer } };
        return fetch(origin + '/_api/requests/custom_form_requests', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': P.lang }, body: JSON.stringify(body) }).then(json);
      }).then(function (answer) {
        if (answer.status === 201) {
          form.reset();
          setStatus(T.sent, 'ok');
          if (smartWidget !== null && window.smartCaptcha) window.smartCaptcha.reset(smartWidget);
          return;
        }
        var errors = (answer.body && answer.body.errors) || [];
        var placed = false, first = null;
        errors.forEach(function (e) {
          var pointer = (e.source && e.source.pointer) || '';
          var m = /^\/data\/attributes\/content\/(.+)$/.exec(pointer);
          var field = m ? m[1] : pointer === '/data/attributes/processing_of_personal_data' ? '_consent' : null;
          if (field && showError(field, e.title)) placed = true; else if (!first) first = e.title;
        });
        setStatus(first || (placed ? T.errors : T.failed), 'error');
        if (smartWidget !== null && window.smartCaptcha) window.smartCaptcha.reset(smartWidget);
      }).catch(fail).then(function () { button.disabled = false; });
    });
  }

  function start() {
    var target = document.getElementById(targetId);
    if (!target) {
      target = document.createElement('div');
      target.id = targetId;
      if (script && script.parentNode) script.parentNode.insertBefore(target, script); else document.body.appendChild(target);
    }
    if (!document.getElementById('dpf-style-' + P.id)) {
      var style = document.createElement('style');
      style.id = 'dpf-style-' + P.id;
      style.textContent = P.css;
      (document.head || document.documentElement).appendChild(style);
    }
    target.innerHTML = P.html;
    wire(target.querySelector('form.dpf'));
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})(__PAYLOAD__);
`;

/** JSON safe inside a script: no `</script>`, no line separators JavaScript reads as line ends. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export function embedScript(payload: EmbedPayload): string {
  return SCRIPT.replace('__PAYLOAD__', () => scriptJson(payload));
}
