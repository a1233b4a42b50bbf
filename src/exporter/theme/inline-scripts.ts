import { createHash } from "node:crypto";

/**
 * Every script Quire writes inline into a page. Each is a constant: page data reaches them
 * through attributes (HTML-escaped), never by building script text, so no content can break out
 * of one, and a server can allow exactly these by their hashes (`quire-export.json` lists the
 * hashes of those a bundle uses) instead of allowing inline script at all.
 */

/** Sets the theme and hides a dismissed banner before the first paint (no flash), and marks that scripts run. */
export const THEME_BOOT_SCRIPT =
  "(function(){var d=document.documentElement;d.classList.add('js');var a=d.getAttribute('data-appearance')||'system',s=null,b=d.getAttribute('data-banner-key');try{if(d.getAttribute('data-appearance-strict')!=='true')s=localStorage.getItem('quire-theme');if(b&&localStorage.getItem('quire-banner-'+b)==='dismissed')d.classList.add('banner-dismissed')}catch(e){}var t=s||a;if(t!=='light'&&t!=='dark')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';d.setAttribute('data-theme',t)})()";

/**
 * The 404 page's home link and redirect fallback. Static hosts serve 404.html at any depth, so
 * it finds the site root by probing for quire-export.json in the parent folders of the missing
 * URL (the server's root when none answers; `index.html` beside it from file://). Then it tries
 * the redirects with parameters or wildcards, given as data in its own `data-redirects`
 * attribute (no request, so it works on any host), on the decoded path below the root without
 * `.html` (a static host's page file): the first that matches moves the reader on, with the
 * query and fragment. Ten moves within five
 * seconds of each other are taken for a loop of redirects and end on this page.
 */
export const NOT_FOUND_ROOT_SCRIPT =
  "(function(){var d=document,s=d.currentScript,a=d.querySelector('[data-quire-home]'),r=[];try{r=JSON.parse(s.getAttribute('data-redirects')||'[]')}catch(x){}function e(v){return v.split('/').map(encodeURIComponent).join('/')}function hop(){try{var k='quire-redirect-hops',v=(sessionStorage.getItem(k)||'0 0').split(' '),n=Date.now()-v[1]<5000?+v[0]+1:1;sessionStorage.setItem(k,n+' '+Date.now());return n<=10}catch(x){return true}}function go(root){var p;try{p=decodeURIComponent(location.pathname.slice(root.length-1))}catch(x){return}p=p.replace(/\\/{2,}/g,'/').replace(/\\/+$/,'').replace(/\\.html$/,'');if(p.length>2048)return;for(var i=0;i<r.length;i++){var u=r[i],m=new RegExp(u.match).exec(p);if(!m)continue;var t='';for(var j=0;j<u.to.length;j++){var k=u.to[j];t+=typeof k==='number'?e(m[k]||''):k}if(!u.external){t=t.replace(/\\/{2,}/g,'/').replace(/^\\/+|\\/+$/g,'');t=root+(t===''?'index.html':u.clean||(u.indexes||[]).indexOf(t)>=0?t+'/index.html':t+'.html')}var q=t.indexOf('?')<0?location.search:'';if(hop())location.replace(t+q+(u.hash?'#'+u.hash:location.hash));return}}if(location.protocol==='file:'){if(a)a.setAttribute('href','index.html');return}var parts=location.pathname.split('/').slice(1,-1),prefixes=[];for(var i=parts.length;i>0;i--)prefixes.push('/'+parts.slice(0,i).join('/')+'/');(function next(){var p=prefixes.shift();if(!p)return go('/');fetch(p+'quire-export.json',{method:'HEAD'}).then(function(x){if(x.ok){if(a)a.setAttribute('href',p+'index.html');go(p)}else next()},next)})()})()";

/**
 * The 404 page's first script: static hosts serve 404.html at any depth, so before its links
 * and stylesheets are read it finds the site root, probing the parent folders of the missing
 * URL for quire-export.json (a JSON answer, not a host's HTML 404), and makes it the page's
 * base URL. From disk the page is at the root already.
 */
export const NOT_FOUND_BASE_SCRIPT =
  "(function(){if(location.protocol==='file:')return;var parts=location.pathname.split('/').slice(1,-1),root='/';for(var i=parts.length;i>0;i--){var p='/'+parts.slice(0,i).join('/')+'/';try{var x=new XMLHttpRequest();x.open('HEAD',p+'quire-export.json',false);x.send();if(x.status>=200&&x.status<300&&!/html/i.test(x.getResponseHeader('content-type')||'')){root=p;break}}catch(e){}}var b=document.createElement('base');b.href=root;document.head.appendChild(b)})()";

/** A redirect page's move, to the URL in `data-redirect` on the root element, keeping the fragment. */
export const REDIRECT_SCRIPT =
  "(function(){var t=document.documentElement.getAttribute('data-redirect');if(t)location.replace(t+location.hash)})()";

/** The Content-Security-Policy source that allows exactly this inline script: `sha256-…`. */
export function scriptHash(source: string): string {
  return `sha256-${createHash("sha256").update(source, "utf8").digest("base64")}`;
}
