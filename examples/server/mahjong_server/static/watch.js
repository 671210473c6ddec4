// The spectators' page (观战): watches the table over the websocket and draws each public view
// it is sent (the library's seatless view: no concealed tile, never). Texts come in the
// table's language from the page (data-texts) and from the server (the phase, the notes).
"use strict";
(function () {
  var body = document.body;
  var table = body.dataset.table;
  var texts = JSON.parse(body.dataset.texts || "{}");
  var retry = 500;

  function el(id) { return document.getElementById(id); }
  function say(name, fields) {
    return (texts[name] || name).replace(/\{(\w+)\}/g, function (all, field) {
      return fields && field in fields ? String(fields[field]) : all;
    });
  }
  function list(id, lines) {
    var box = el(id);
    box.textContent = "";
    lines.forEach(function (line) {
      var item = document.createElement("li");
      item.textContent = line;
      box.appendChild(item);
    });
  }
  // one seat's public line: its count of concealed tiles, its melds and its pond
  function seatLine(s) {
    var melds = s.melds.map(function (m) { return m.kind + " " + m.tile; }).join(" ");
    var hidden = s.hidden_kongs ? " +" + s.hidden_kongs + " 暗杠" : "";
    var hand = s.hand ? " [" + s.hand + "]" : " (" + s.tiles + ")";
    return say("seat", { seat: s.seat }) + hand + (melds ? " · " + melds : "") + hidden +
      " · " + s.discards.join(" ");
  }
  function draw(message) {
    var view = message.view;
    body.dataset.step = String(message.step);
    el("phase").textContent = message.phase;
    if (message.match) {
      el("match").textContent = say("match_line",
        { hand: message.match.hand, hands: message.match.hands });
    }
    list("notes", message.notes);
    list("public-seats", view.seats.map(seatLine));
  }
  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + "/ws");
    socket.addEventListener("open", function () {
      retry = 500;
      socket.send(JSON.stringify({ type: "watch", table: table }));
    });
    socket.addEventListener("message", function (event) {
      var message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      if (message.type === "watching") { el("status").textContent = say("watching"); }
      if (message.type === "public") { draw(message); }
    });
    socket.addEventListener("close", function () {
      el("status").textContent = say("reconnecting");
      window.setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    });
  }
  connect();
}());
