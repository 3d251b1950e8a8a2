/**
 * The browser side of a request's analytics block (spec 002 §3) and of the phone mask, for the
 * scripts of the sites (site-renderer site-script.ts) and of embedded forms (form-constructor
 * embed-script.ts). Plain ES5, inserted into those scripts (no inline script: the sites' CSP
 * allows their own scripts only).
 *
 * - `dpRememberVisit()`: the UTM parameters of the address the visit came in by, kept in the tab's
 *   sessionStorage (`dp_utm`) so a request sent pages later still names them; an address with
 *   UTM parameters replaces the kept ones (a new campaign's click), one without keeps them.
 * - `dpAnalytics(calltracking, ownPage)`: the block to send: the visit's UTM, the page (id from
 *   the body's `data-page` when the page is the platform site's own, address, title), the counters' client ids from
 *   their cookies (Yandex Metrika `_ym_uid`, Google Analytics `_ga` → its client id), the
 *   call-tracking session from the cookie or global `calltracking` names, kodix_pixel.
 * - `dpPhoneMask(input)`: shows a Russian phone as `+7 (XXX) XXX-XX-XX` while it is typed; a first
 *   7 or 8 is read as the country's prefix, ten digits typed alone as the number.
 */
export const LEAD_SOURCE_SCRIPT = String.raw`  var DP_UTM = ['source', 'campaign', 'term', 'medium', 'content'];
  function dpCut(value, max) { return value === undefined || value === null ? undefined : String(value).replace(/[\u0000-\u001F\u007F]+/g, ' ').trim().slice(0, max) || undefined; }
  function dpCookie(name) {
    if (!name) return undefined;
    var parts = (document.cookie || '').split(/;\s*/);
    for (var i = 0; i < parts.length; i++) {
      var eq = parts[i].indexOf('=');
      if (eq > 0 && parts[i].slice(0, eq) === name) { try { return decodeURIComponent(parts[i].slice(eq + 1)); } catch (e) { return parts[i].slice(eq + 1); } }
    }
    return undefined;
  }
  function dpRememberVisit() {
    var found = {}, any = false;
    try {
      new URLSearchParams(location.search).forEach(function (v, k) {
        var m = /^utm_(source|campaign|term|medium|content)$/.exec(k);
        if (m && v) { found[m[1]] = v.slice(0, 255); any = true; }
      });
    } catch (e) { return; }
    if (any) { try { sessionStorage.setItem('dp_utm', JSON.stringify(found)); } catch (e) { /* storage off: this page's address still counts */ } }
  }
  function dpVisitUtm() {
    var utm = {};
    try { utm = JSON.parse(sessionStorage.getItem('dp_utm') || '{}') || {}; } catch (e) { utm = {}; }
    var fromAddress = {};
    try { new URLSearchParams(location.search).forEach(function (v, k) { var m = /^utm_(\w+)$/.exec(k); if (m && v) fromAddress[m[1]] = v; }); } catch (e) { fromAddress = {}; }
    if (DP_UTM.some(function (k) { return fromAddress[k]; })) utm = fromAddress;
    var out = {}, any = false;
    DP_UTM.forEach(function (k) { var v = dpCut(utm[k], 255); if (v) { out[k] = v; any = true; } });
    return any ? out : undefined;
  }
  function dpAnalytics(calltracking, ownPage) {
    var block = {};
    var utm = dpVisitUtm();
    if (utm) block.utm = utm;
    var page = { page_url: dpCut(location.href.split('#')[0], 2048), page_title: dpCut(document.title, 500) };
    var pageId = document.body && document.body.getAttribute('data-page');
    if (ownPage && pageId && /^[1-9][0-9]{0,9}$/.test(pageId)) page.page_id = Number(pageId);
    block.page = page;
    var ym = dpCut(dpCookie('_ym_uid'), 255);
    if (ym) block.ya_client_id = ym;
    // _ga is GA1.<level>.<client id of two numbers>.
    var ga = /^GA\d\.\d+\.(\d+\.\d+)$/.exec(dpCookie('_ga') || '');
    if (ga) block.google_client_id = ga[1];
    var ct = calltracking || {};
    var session = dpCookie(ct.cookie) || (ct.global && typeof window[ct.global] !== 'function' ? window[ct.global] : undefined);
    session = dpCut(session, 255);
    if (session) block.calltracking_session_id = session;
    var pixel = dpCut(dpCookie('kodix_pixel') || (typeof window.kodix_pixel === 'string' ? window.kodix_pixel : undefined), 255);
    if (pixel) block.kodix_pixel = pixel;
    return block;
  }
  function dpPhoneText(value) {
    var text = String(value || '').trim();
    var d = text.replace(/\D/g, '');
    if (!d) return text === '+' ? '+' : '';
    var national;
    if (text.charAt(0) === '+') {
      national = d.charAt(0) === '7' ? d.slice(1) : d;
      // The last digit of the number deleted: the field empties.
      if (!national) return '';
    } else if (/^[78]/.test(d)) national = d.slice(1);
    else national = d;
    national = national.slice(0, 10);
    var out = '+7 (' + national.slice(0, 3);
    if (national.length > 3) out += ') ' + national.slice(3, 6);
    if (national.length > 6) out += '-' + national.slice(6, 8);
    if (national.length > 8) out += '-' + national.slice(8, 10);
    return out;
  }
  function dpPhoneMask(input) {
    function apply() {
      var next = dpPhoneText(input.value);
      if (next !== input.value) input.value = next;
    }
    input.addEventListener('input', apply);
    if (input.value) apply();
  }
`;
