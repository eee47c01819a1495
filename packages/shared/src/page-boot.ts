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
