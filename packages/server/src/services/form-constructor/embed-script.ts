import { CAPTCHA_SOLVER_SCRIPT } from '../request.storage/captcha-solver-script.ts';
import { LEAD_SOURCE_SCRIPT } from '../request.storage/lead-source-script.ts';

/**
 * The embeddable script of a custom form (`GET /_api/forms/{id}/embed.js` on the site's host):
 * `<div id="dp-form-5"></div><script src="https://<site>/_api/forms/5/embed.js" async></script>`
 * (or `data-target="<element id>"` on the script). It draws the form's markup (made by the server
 * with contracts' renderFormHtml, the builder's preview being the same), adds masks and
 * dependent lists, the Russian phone mask on phone fields without a mask or country codes, uploads files to the site (`/_api/forms/{id}/files/{field}`), solves the
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
  captcha: { kind: 'proof_of_work' } | { kind: 'smart_captcha'; sitekey: string; script: string };
  fields: { id: string; type: string; disabled: boolean; codes: Record<string, string> | null }[];
  texts: Record<string, string>;
  /** Where the call-tracking session id is read (config `calltracking`). */
  calltracking: { cookie: string; global: string };
}

const SCRIPT = String.raw`(function (P) {
  'use strict';
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src, location.href).origin : location.origin;
  var targetId = (script && script.getAttribute('data-target')) || ('dp-form-' + P.id);
  var T = P.texts;

  // A text with its parameters, as the server writes it (contracts kit/message-texts.ts interpolate):
  // {name}, and {name:form|form|form} the word's form for that number in the form's language.
  var PLURAL_ORDER = P.lang === 'ru' ? ['one', 'few', 'many'] : ['one', 'other'];
  function text(key, params) {
    return (T[key] || '').replace(/\{(\w+)(?::([^{}]*))?\}/g, function (token, name, spec) {
      if (!params || !(name in params)) return token;
      var value = params[name];
      if (spec === undefined) return String(value);
      var forms = spec.split('|'), at = PLURAL_ORDER.indexOf(new Intl.PluralRules(P.lang).select(Number(value)));
      return forms[at < 0 ? forms.length - 1 : at] || forms[forms.length - 1];
    });
  }

  // The proof-of-work captcha's sha256 and zero-bit count (request.storage captcha-solver-script.ts).
${CAPTCHA_SOLVER_SCRIPT}
  // The request's source (request.storage lead-source-script.ts): the visit's UTM, the page, the counters' ids.
${LEAD_SOURCE_SCRIPT}
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
      else if (el.type === 'tel' && fieldId && P.fields.some(function (f) { return f.id === fieldId && f.type === 'phone' && !f.codes; })) dpPhoneMask(el);
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
      loader.src = P.captcha.script + (P.captcha.script.indexOf('?') < 0 ? '?' : '&') + 'render=onload&onload=' + callback;
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
      try { return dpAnalytics(P.calltracking, origin === location.origin); } catch (e) { return {}; }
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
    // A site's page that places the form as a block has its stylesheet already (and a CSP that refuses another).
    if (!document.getElementById('dpf-style-' + P.id) && !target.hasAttribute('data-dpf-styled')) {
      var style = document.createElement('style');
      style.id = 'dpf-style-' + P.id;
      style.textContent = P.css;
      (document.head || document.documentElement).appendChild(style);
    }
    target.innerHTML = P.html;
    wire(target.querySelector('form.dpf'));
  }

  dpRememberVisit();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})(__PAYLOAD__);
`;

/** JSON safe inside a script: no `</script>`, no line separators JavaScript reads as line ends. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export function embedScript(payload: EmbedPayload): string {
  return SCRIPT.replace('__PAYLOAD__', () => scriptJson(payload));
}
