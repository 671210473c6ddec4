// A seat's table page: joins the seat over the websocket, draws each view it is sent and
// sends the action clicked. The token the server gives at the first join is kept in
// localStorage, so a reloaded page (or a dropped connection) comes back to the same seat.
// The texts it shows itself come in the table's language from the page (data-texts); every
// other text (the phase, the actions, the log, the settlement) comes in words from the server.
"use strict";
(function () {
  var body = document.body;
  var table = body.dataset.table;
  var seat = Number(body.dataset.seat);
  var key = "mj-token:" + table + ":" + seat;
  var texts = JSON.parse(body.dataset.texts || "{}");
  var socket = null;
  var ended = false;
  var replaced = false;  // the seat was joined from another page: do not take it back
  var retry = 500;
  var pending = false;  // an answer sent, not yet accepted or refused
  var shownHand = null;  // the match's hand the page shows

  function el(id) { return document.getElementById(id); }

  // the page's text `name`, its {fields} filled in from `fields`
  function say(name, fields) {
    return (texts[name] || name).replace(/\{(\w+)\}/g, function (all, field) {
      return fields && field in fields ? String(fields[field]) : all;
    });
  }

  function setStatus(text) { el("status").textContent = text; }

  function token() {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  }

  function keep(value) {
    try { window.localStorage.setItem(key, value); } catch (e) { /* private mode */ }
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
    }
  }

  function list(id, lines, tag) {
    var node = el(id);
    node.textContent = "";
    lines.forEach(function (line) {
      var item = document.createElement(tag || "li");
      item.textContent = line;
      node.appendChild(item);
    });
  }

  function drawActions(message) {
    var box = el("actions");
    box.textContent = "";
    if (!message.asked) { return; }
    var heading = document.createElement("p");
    heading.textContent = say("your_move");
    box.appendChild(heading);
    message.actions.forEach(function (choice, index) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "button action";
      button.dataset.index = String(index);
      button.textContent = choice.label;
      button.disabled = pending;
      button.addEventListener("click", function () {
        pending = true;
        enable(false);
        send({ type: "answer", action: choice.action, step: message.step });
      });
      box.appendChild(button);
    });
  }

  function enable(on) {
    var buttons = el("actions").querySelectorAll("button");
    for (var i = 0; i < buttons.length; i += 1) { buttons[i].disabled = !on; }
  }

  function drawSeats(message) {
    var node = el("seats");
    node.textContent = "";
    message.seats.forEach(function (s) {
      var item = document.createElement("li");
      var who = say(s.seat === seat ? "you" : s.kind);
      if (s.kind !== "bot" && !s.connected) { who = say("away", { who: who }); }
      item.textContent = say("seat_is", { seat: s.seat, who: who }) +
        (s.badges.length ? " · " + s.badges.join(say("comma")) : "");
      item.dataset.kind = s.kind;
      node.appendChild(item);
    });
    var mine = message.seats[seat];
    el("tuoguan").hidden = !(mine && mine.kind === "tuoguan");
  }

  // the table drawn from a view document with the tile pictures the page holds (#tiles)
  var SVG = "http://www.w3.org/2000/svg";

  function tiles(text) {  // "34555m1z" -> ["3m", "4m", "5m", "5m", "5m", "1z"]
    var out = [], digits = [];
    (text || "").split("").forEach(function (c) {
      if (c >= "0" && c <= "9") { digits.push(c); } else {
        digits.forEach(function (d) { out.push(d + c); });
        digits = [];
      }
    });
    return out;
  }

  function tile(notation, wild, small) {  // notation null: a tile face down
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", small ? "tile small" : "tile");
    svg.setAttribute("viewBox", "0 0 30 44");
    var title = document.createElementNS(SVG, "title");
    title.textContent = notation || "face down";
    svg.appendChild(title);
    [notation ? "#t-" + notation : "#t-back"].concat(wild ? ["#t-wild"] : []).forEach(
      function (href) {
        var use = document.createElementNS(SVG, "use");
        use.setAttribute("href", href);
        svg.appendChild(use);
      });
    return svg;
  }

  function group(className, items) {
    var box = document.createElement("span");
    box.className = className;
    items.forEach(function (item) { box.appendChild(item); });
    return box;
  }

  function meldTiles(meld, wilds) {
    var out = [], size = meld.kind === "peng" ? 3 : 4;
    var naturals = size - meld.wild_tiles.length;
    for (var k = 0; k < naturals; k++) {
      var down = meld.kind === "an_gang" && (k === 0 || k === naturals - 1);
      out.push(tile(down ? null : meld.tile, false));
    }
    meld.wild_tiles.forEach(function (w) { out.push(tile(w, true)); });
    return out;
  }

  function drawPicture(view, seats) {
    var wilds = tiles(view.wild_kinds);
    var box = el("picture");
    box.textContent = "";
    view.seats.forEach(function (s) {
      var row = document.createElement("div");
      row.className = "seat-row";
      row.dataset.seat = String(s.seat);
      var label = document.createElement("p");
      label.className = "seat-label";
      var status = seats.filter(function (x) { return x.seat === s.seat; })[0];
      label.textContent = [say("seat", { seat: s.seat })].concat(
        status ? status.notes : []).join(" · ");
      row.appendChild(label);
      var own = s.seat === view.seat ? view.concealed : s.hand;
      var hand = own !== null && own !== undefined ? tiles(own).map(function (t) {
        return tile(t, wilds.indexOf(t) >= 0);
      }) : Array.apply(null, Array(s.tiles)).map(function () { return tile(null); });
      var melds = s.melds.map(function (m) { return group("meld", meldTiles(m, wilds)); });
      for (var k = 0; k < s.hidden_kongs; k++) {
        melds.push(group("meld", [tile(null), tile(null), tile(null), tile(null)]));
      }
      row.appendChild(group("hand", hand.concat(melds)));
      row.appendChild(group("pond", s.discards.map(function (t) {
        return tile(t, wilds.indexOf(t) >= 0, true);
      })));
      box.appendChild(row);
    });
  }

  function drawView(message) {
    body.dataset.step = String(message.step);
    el("error").hidden = true;
    el("phase").textContent = message.phase;
    el("ready").textContent = message.ready || "";
    el("ready").hidden = !message.ready;
    list("notes", message.notes);
    drawMatch(message.match);
    drawPicture(message.picture || message.view, message.seats);
    drawSeats(message);
    drawActions(message);
    list("log", message.log.slice().reverse());
  }

  // the match's line: hand k of n; a new hand hides the last one's settlement
  function drawMatch(match) {
    if (!match) { return; }
    el("match").textContent = say("match_line", { hand: match.hand, hands: match.hands });
    if (match.hand !== shownHand) {
      shownHand = match.hand;
      el("ended").hidden = true;
    }
  }

  function drawEnded(message) {
    ended = !message.match || message.match.over;
    var box = el("ended");
    box.textContent = "";
    var title = document.createElement("h2");
    title.textContent = message.title;
    box.appendChild(title);
    var totals = document.createElement("p");
    totals.id = "totals";
    totals.textContent = message.totals.map(function (t, k) {
      return say("total", { seat: k, total: (t > 0 ? "+" : "") + t });
    }).join(" · ");
    box.appendChild(totals);
    var lines = document.createElement("ul");
    message.wins.forEach(function (win) {
      var item = document.createElement("li");
      var more = win.breakdown.join(say("semicolon"));
      item.textContent = win.text + (more ? " — " + more : "");
      lines.appendChild(item);
    });
    message.payments.forEach(function (p) {
      var item = document.createElement("li");
      item.textContent = say("payment",
        { payer: p.payer, payee: p.payee, amount: p.amount, reason: p.reason });
      lines.appendChild(item);
    });
    box.appendChild(lines);
    var shown = document.createElement("h3");
    shown.textContent = say("hands");
    box.appendChild(shown);
    var hands = document.createElement("ul");
    hands.id = "hands";
    message.hands.forEach(function (hand) {
      var item = document.createElement("li");
      item.textContent = say("hand_of", { seat: hand.seat, tiles: hand.text });
      hands.appendChild(item);
    });
    box.appendChild(hands);
    var link = document.createElement("a");
    link.id = "replay-link";
    link.className = "button";
    link.href = message.replay;
    link.textContent = say("replay");
    box.appendChild(link);
    if (message.match && !message.match.over) {
      var next = document.createElement("button");
      next.type = "button";
      next.id = "next-hand";
      next.className = "button";
      var asked = message.match.next.indexOf(seat) >= 0;
      next.textContent = say(asked ? "waiting_next" : "next_hand");
      next.disabled = asked;
      next.addEventListener("click", function () {
        next.disabled = true;
        next.textContent = say("waiting_next");
        send({ type: "next" });
      });
      box.appendChild(next);
    }
    box.hidden = false;
    setStatus(say(ended && message.match && message.match.hands > 1 ? "match_over" : "hand_over"));
  }

  function receive(event) {
    var message;
    try { message = JSON.parse(event.data); } catch (e) { return; }
    if (message.type === "joined") {
      keep(message.token);
      setStatus(say("connected"));
    } else if (message.type === "view") {
      drawView(message);
    } else if (message.type === "ended") {
      drawEnded(message);
    } else if (message.type === "accepted") {
      pending = false;
      enable(true);
    } else if (message.type === "error") {
      replaced = replaced || message.code === "closed";
      var box = el("error");
      box.textContent = message.message;
      box.hidden = false;
      pending = false;
      enable(true);
    }
  }

  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + window.location.host + "/ws");
    socket.addEventListener("open", function () {
      retry = 500;
      pending = false;
      send({ type: "join", table: table, seat: seat, token: token() });
    });
    socket.addEventListener("message", receive);
    socket.addEventListener("close", function () {
      if (ended || replaced) {
        if (replaced) { setStatus(say("elsewhere")); }
        return;
      }
      setStatus(say("reconnecting"));
      window.setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    });
  }

  el("back").addEventListener("click", function () { send({ type: "back" }); });
  connect();
}());
