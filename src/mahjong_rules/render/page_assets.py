"""The style sheet and the script of a replay page (:mod:`mahjong_rules.render.page`), inline.

The script reads the page's steps (one JSON document, made by
:func:`~mahjong_rules.render.page_data.page_data`) and draws the step asked for: each tile an
``<svg>`` using the page's own tile faces (``#mj-5m``, ``#mj-5m-w`` for a wildcard,
``#mj-back`` face down). The slider, the previous / next buttons and the arrow keys move it;
``#step=N`` in the address opens step ``N`` and the address follows the slider. Nothing is
loaded from anywhere.
"""

from __future__ import annotations

__all__ = ["SCRIPT", "STYLE"]

STYLE = """
:root{--tw:clamp(21px,5.4vw,32px);--ink:#1c2a52;--paper:#f4f0e4;--gold:#d19a12}
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,'Segoe UI','Noto Sans CJK SC',
'PingFang SC','Microsoft YaHei',sans-serif;color:var(--ink);background:var(--paper)}
header,nav,main{max-width:1180px;margin:0 auto;padding:0 10px}
h1{font-size:1.25em;margin:.5em 0 0}
.sub{margin:0;color:#56607d;font-size:.9em}
nav{position:sticky;top:0;z-index:2;background:var(--paper);display:flex;flex-wrap:wrap;
gap:6px 10px;align-items:center;padding-top:6px;padding-bottom:6px;border-bottom:1px solid #d8d0b8}
nav button{font:inherit;padding:.35em .8em;border:1px solid #9a917c;border-radius:6px;
background:#fff;color:inherit;cursor:pointer}
nav button:disabled{opacity:.4;cursor:default}
#mj-slider{flex:1 1 220px;min-width:160px;accent-color:#2f7d5a}
#mj-where{font-variant-numeric:tabular-nums;min-width:9em}
.keys{color:#7a8097;font-size:.8em}
main{display:grid;gap:10px;padding-top:8px;padding-bottom:30px}
@media (min-width:960px){main{grid-template-columns:minmax(0,1.9fr) minmax(0,1fr)}}
section{background:#fff;border-radius:8px;padding:8px 10px;box-shadow:0 1px 2px #0002}
h2{font-size:1em;margin:.1em 0 .4em}
#mj-status{display:flex;flex-wrap:wrap;gap:4px 14px;align-items:center}
#mj-wall{font-weight:600}
.seat{border-left:4px solid transparent;padding:4px 0 6px 8px;border-bottom:1px solid #eee}
.seat:last-child{border-bottom:0}
.seat.acting{border-left-color:var(--gold);background:#fffaf0}
.who{display:flex;flex-wrap:wrap;gap:4px;align-items:baseline;margin-bottom:3px}
.badge{font-size:.8em;padding:0 .45em;border-radius:9px;background:#e9eef8}
.badge.dealer{background:#fde2c8}.badge.won{background:#c9ecd6}.badge.you{background:#f6e3a1}
.row{display:flex;flex-wrap:wrap;gap:1px;align-items:flex-end;margin:2px 0}
.t{width:var(--tw);height:calc(var(--tw)*44/30);display:block}
.gap{width:calc(var(--tw)*.35)}
.meld{display:inline-flex;flex-direction:column;align-items:center;margin-right:calc(var(--tw)*.3)}
.meld .row{margin:0}
small{font-size:.72em;color:#56607d}
.pond .t{width:calc(var(--tw)*.75);height:calc(var(--tw)*.75*44/30)}
.pt{display:inline-flex;flex-direction:column;align-items:center}
.pt.taken .t{opacity:.4}
.pt.marked small{color:#b02a30;font-weight:600}
.own{font-size:.85em;color:#3b4a72}
#mj-events ol,#mj-choices ol{margin:0;padding-left:1.4em}
#mj-events li{white-space:pre-wrap}
.choice ol{display:flex;flex-wrap:wrap;gap:4px;list-style:none;padding:0;margin:.2em 0 .4em}
.choice li{border:1px solid #d8d0b8;border-radius:5px;padding:0 .45em}
.choice li.chosen{font-weight:700;background:#fdf0c8;border-color:var(--gold)}
.choice li.chosen::after{content:" ◀ " attr(data-chosen)}
table{border-collapse:collapse;width:100%;font-size:.9em}
th,td{text-align:left;padding:2px 6px;border-bottom:1px solid #eee;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.totals th,.totals td{text-align:center}
.pt.marked{margin:0 3px}
.win{margin:.4em 0}.win ul{margin:.1em 0;padding-left:1.3em;font-size:.9em}
[hidden]{display:none!important}
.mj-faces{position:absolute}
"""
"""The page's styles: plain, a column on a phone, two beside each other on a desktop."""

SCRIPT = """
(function(){
"use strict";
var D=JSON.parse(document.getElementById("mj-data").textContent);
var M=D.meta,S=D.steps,L=M.labels,last=S.length-1,now=-1;
var slider=document.getElementById("mj-slider");
function $(id){return document.getElementById(id);}
function esc(s){return String(s).replace(/[&<>"]/g,function(c){
return {"&":"&amp;","<":"&lt;",">":"&gt;","\\"":"&quot;"}[c];});}
function fill(t,f){return t.replace(/\\{(\\w+)\\}/g,function(_,k){return f[k];});}
function tile(code){
var wild=code.slice(-1)==="*",t=wild?code.slice(0,-1):code;
var id=t?"mj-"+t+(wild?"-w":""):"mj-back";
var name=t?M.names[t]+(wild?", "+L.wild:""):L.down;
return '<svg class="t" viewBox="0 0 30 44" role="img" data-tile="'+esc(t||"-")+'"><title>'+
esc(name)+'</title><use href="#'+id+'"></use></svg>';}
function row(codes){return codes.map(tile).join("");}
function seatName(k){return fill(L.seat,{seat:k});}
function seatHtml(s,st,acting){
var b=['<b>'+esc(seatName(s.seat))+'</b>'];
if(s.seat===M.seat)b.push('<span class="badge you">'+esc(L.you)+'</span>');
if(s.seat===M.dealer)b.push('<span class="badge dealer">'+esc(L.dealer)+'</span>');
if(s.won)b.push('<span class="badge won">'+esc(L.won)+'</span>');
s.badges.forEach(function(w){b.push('<span class="badge">'+esc(w)+'</span>');});
b.push('<small>'+esc(fill(L.tiles,{n:s.count}))+'</small>');
var hand=s.hand===null?row(Array(s.count).fill("")):row(s.hand);
if(s.drawn!==null)hand+='<span class="gap"></span>'+tile(s.drawn);
var melds=s.melds.map(function(m){return '<span class="meld"><span class="row">'+
row(m.tiles)+'</span><small>'+esc(m.label)+'</small></span>';});
for(var k=0;k<s.hidden;k++)melds.push('<span class="meld"><span class="row">'+
row(["","","",""])+'</span><small>'+esc(L.hidden)+'</small></span>');
var pond=s.pond.map(function(p){var cls="pt"+(p[3]?" taken":"")+(p[1]?" marked":"");
return '<span class="'+cls+'"'+(p[2]?' title="'+esc(p[2])+'"':"")+'>'+tile(p[0])+
'<small>'+esc(p[1]||"\\u00a0")+'</small></span>';}).join("");
var tiles=s.pond.map(function(p){return p[0];}).join(" ");
return '<div class="seat'+(acting?" acting":"")+(s.won?" won":"")+'" data-seat="'+s.seat+'">'+
'<div class="who">'+b.join(" ")+'</div>'+
'<div class="row hand" data-hand="'+esc(s.hand===null?"":s.hand.join(" "))+'">'+hand+
(melds.length?'<span class="gap"></span>'+melds.join(""):"")+'</div>'+
(s.own.length?'<div class="own">'+s.own.map(esc).join("<br>")+'</div>':"")+
'<div class="row pond" data-pond="'+esc(tiles)+'" aria-label="'+esc(L.pond)+'">'+
(pond||'<small>'+esc(L.no_discards)+'</small>')+'</div></div>';}
function endHtml(e){
var h='<h2>'+esc(e.title)+'</h2><p>'+esc(e.next)+'</p>';
h+='<h2>'+esc(L.totals)+'</h2><table class="totals"><tr>'+e.totals.map(function(_,k){
return '<th>'+esc(seatName(k))+'</th>';}).join("")+(e.pot!==null?'<th>'+esc(L.pot)+'</th>':"")+
'</tr><tr>'+e.totals.map(function(d,k){return '<td class="n" data-total="'+k+'">'+
(d>0?"+":"")+d+'</td>';}).join("")+(e.pot!==null?'<td class="n">'+e.pot+'</td>':"")+'</tr></table>';
function pays(list){return '<table class="payments"><tr><th>'+esc(L.payer)+'</th><th>'+
esc(L.payee)+'</th><th>'+esc(L.reason)+'</th><th class="n">'+esc(L.amount)+'</th></tr>'+
list.map(function(p){return '<tr><td>'+esc(p.payer)+'</td><td>'+esc(p.payee)+'</td><td>'+
esc(p.reason)+'</td><td class="n">'+p.amount+'</td></tr>';}).join("")+'</table>';}
h+=e.payments.length?pays(e.payments):'<p>'+esc(L.no_payments)+'</p>';
if(e.cancelled.length)h+='<h2>'+esc(L.cancelled)+'</h2>'+pays(e.cancelled);
if(e.wins.length)h+='<h2>'+esc(L.wins)+'</h2>'+e.wins.map(function(w){
return '<div class="win"><b>'+esc(w.text)+'</b><ul>'+w.breakdown.map(function(x){
return '<li>'+esc(x)+'</li>';}).join("")+'</ul></div>';}).join("");
return h;}
function show(n){
n=Math.max(0,Math.min(last,n|0));now=n;var st=S[n];
slider.value=n;$("mj-where").textContent=fill(L.step,{n:n,last:last});
$("mj-prev").disabled=n===0;$("mj-next").disabled=n===last;
$("mj-wall").textContent=fill(L.wall,{n:st.wall});$("mj-wall").setAttribute("data-wall",st.wall);$("mj-phase").textContent=st.phase;
$("mj-table").innerHTML=st.table.map(esc).join(" · ")+(st.wilds.length?" "+row(st.wilds):"");
$("mj-table").className=st.wilds.length?"row":"";
var acting={};if(st.turn)acting[st.current]=1;
st.choices.forEach(function(c){acting[c.seat]=1;});
var order=st.seats.slice();
if(M.seat!==null)order=order.slice(M.seat).concat(order.slice(0,M.seat));
$("mj-seats").innerHTML=order.map(function(s){return seatHtml(s,st,acting[s.seat]);}).join("");
$("mj-events").innerHTML='<h2>'+esc(L.events)+'</h2>'+(st.events.length?'<ol>'+
st.events.map(function(x){return '<li>'+esc(x.replace(/^ +/,""))+'</li>';}).join("")+'</ol>':
'<p>'+esc(L.nothing)+'</p>');
$("mj-choices").innerHTML='<h2>'+esc(L.choices)+'</h2>'+(st.choices.length?
st.choices.map(function(c){return '<div class="choice" data-seat="'+c.seat+'"><b>'+
esc(seatName(c.seat))+'</b><ol>'+c.actions.map(function(a,k){return k===c.chosen?
'<li class="chosen" data-chosen="'+esc(L.chosen)+'">'+esc(a)+'</li>':'<li>'+esc(a)+'</li>';
}).join("")+'</ol></div>';}).join(""):'<p>'+esc(L.no_choice)+'</p>');
var end=$("mj-end");if(st.end){end.innerHTML=endHtml(st.end);end.hidden=false;}
else{end.innerHTML="";end.hidden=true;}
var want="#step="+n;if(location.hash!==want)history.replaceState(null,"",want);}
function fromHash(){var m=/^#step=(\\d+)$/.exec(location.hash);return m?parseInt(m[1],10):0;}
slider.max=last;
slider.addEventListener("input",function(){show(parseInt(slider.value,10));});
$("mj-prev").addEventListener("click",function(){show(now-1);});
$("mj-next").addEventListener("click",function(){show(now+1);});
document.addEventListener("keydown",function(e){
if(e.target===slider||e.altKey||e.ctrlKey||e.metaKey)return;
if(e.key==="ArrowLeft"){show(now-1);e.preventDefault();}
else if(e.key==="ArrowRight"){show(now+1);e.preventDefault();}
else if(e.key==="Home"){show(0);e.preventDefault();}
else if(e.key==="End"){show(last);e.preventDefault();}});
window.addEventListener("hashchange",function(){var n=fromHash();if(n!==now)show(n);});
show(fromHash());
})();
"""
"""The page's script: draws a step from the embedded data; no network, no storage."""
