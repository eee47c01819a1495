/**
 * The one inline script of the prerendered public pages (issue 23, decision 028), shared by the
 * build that writes it into each page (apps/web/vite.config.ts) and the server whose
 * Content-Security-Policy allows exactly this text by its hash (apps/api/src/app.ts).
 *
 * A prerendered page needs no script to paint: its HTML and styles are complete. So the page's
 * JavaScript (`data-modules`: the entry first, then the chunks to preload) is requested only
 * after the browser has painted it once — a requestAnimationFrame callback runs just before the
 * first frame, the timeout it sets just after. On a slow phone the paint no longer waits behind
 * evaluating ~100 kB of script that arrived first, and on slow data the HTML does not share the
 * line with it. A hidden tab paints nothing, so it loads at once; the 1 s timer is a backstop
 * for a browser that throttles animation frames.
 *
 * Keep it plain ES5 and keep its text stable: the hash in the CSP is computed from this string.
 */
export const PAGE_BOOT_SCRIPT =
  "(function(){var s=document.currentScript,m=s.getAttribute('data-modules').split(' '),d=0;" +
  'function go(){if(d)return;d=1;m.forEach(function(u,i){' +
  "var e=document.createElement(i?'link':'script');" +
  "if(i){e.rel='modulepreload';e.href=u}else{e.type='module';e.src=u}" +
  "e.crossOrigin='anonymous';document.head.appendChild(e)})}" +
  "if(document.visibilityState==='hidden')go();" +
  'else{requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)}})()';

/**
 * The two reads of the first session check (apps/web/src/lib/auth.ts): who is signed in, then —
 * only when someone is — their role and profile. The app shell's boot script asks for both.
 */
export const AUTH_BOOT_PATHS = { session: '/api/auth/get-session', account: '/api/profile/me' } as const;

/**
 * The app shell's one inline script (index.html, every page that is not prerendered; issue 35,
 * decisions 043 and 046). A daily page's code is several chunks and its data one or two requests,
 * and without this each waits for the one before it: the entry must run before it asks for the
 * data layer, the data layer before the page's chunks, the page before its data. This script reads
 * the daily pages from `data-routes` (written by the build: a pattern of the address, the page's
 * chunks, its data's addresses) and, for the one this address matches, asks for all of it while
 * the HTML is still being read — the chunks as modulepreloads (saying so in
 * `window.__tavaraPagePreload`: the entry then waits for them before its first render), and, for a
 * browser last seen signed in on an address with no query, the data, kept in
 * `window.__tavaraEarly` for the page's first query to take (lib/early-answers.ts `earlyOr`). A
 * failed request is caught here, so an offline start logs nothing; the page then asks again
 * itself.
 *
 * On every shell page, for a browser last seen signed in and with no sign-out waiting to reach the
 * server, it also starts the session check (AUTH_BOOT_PATHS): the session, then the account once
 * the session names someone — a session that has ended asks for no account, so a signed-out start
 * logs no 401. Without it a signed-in page waited for the entry to render before those two round
 * trips began, and only then drew anything but its skeleton.
 *
 * Keep it plain ES5 and keep its text stable: the hash in the CSP is computed from this string.
 */
export const ROUTE_BOOT_SCRIPT =
  "(function(){try{var r=JSON.parse(document.currentScript.getAttribute('data-routes')),i,m,w," +
  `s='${AUTH_BOOT_PATHS.session}',a='${AUTH_BOOT_PATHS.account}',c={credentials:'same-origin'};` +
  "if(localStorage.getItem('seenSignedIn')==='1'&&!localStorage.getItem('signOutPending')){" +
  'w=window.__tavaraEarly={};w[s]=fetch(s,c);' +
  'w[a]=w[s].then(function(x){return x.clone().json()}).then(function(j){if(!j)throw 0;return fetch(a,c)});' +
  'w[s].catch(function(){});w[a].catch(function(){})}' +
  'for(i=0;i<r.length&&!m;i++)m=new RegExp(r[i].p).exec(location.pathname);' +
  'if(!m)return;r=r[i-1];window.__tavaraPagePreload=1;' +
  "r.m.forEach(function(u){var e=document.createElement('link');e.rel='modulepreload';e.href=u;" +
  "e.crossOrigin='anonymous';document.head.appendChild(e)});" +
  'if(location.search||!w)return;' +
  "r.d.forEach(function(u){u=u.replace('$1',m[1]);w[u]=fetch(u,c);" +
  'w[u].catch(function(){})})}catch(x){}})()';
