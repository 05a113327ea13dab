// The card picker (templates/_card_picker.html): a suit row, a rank grid and the hand,
// all writing the plain text field the form posts. Without this file the text field
// alone does the job and the server checks it; this only says what is wrong sooner.
(function () {
  "use strict";
  if (window.refereeCards) return; // the script tag comes with every picker
  window.refereeCards = true;

  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var SUITS = ["S", "H", "D", "C"];
  var SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
  var SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  var RANK_NAME = { A: "ace", J: "jack", Q: "queen", K: "king" };
  var FROM_SYMBOL = { "♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C" };
  // Exactly NOTATION.md's spellings, as the server reads them: "11H" is not a jack.
  var RANK_WORDS = { T: "10" };
  var JOKERS = ["JK", "JOKER", "X"];

  function suitOf(card) { return card === "JK" || /^\d+$/.test(card) ? "" : card.slice(-1); }
  function rankOf(card) { return suitOf(card) ? card.slice(0, -1) : card; }
  function red(card) { var s = suitOf(card); return s === "H" || s === "D"; }

  function describe(card) {
    if (card === "JK") return "joker";
    var s = suitOf(card);
    if (!s) return "card " + card;
    var r = rankOf(card);
    return (RANK_NAME[r] || r) + " of " + SUIT_NAME[s];
  }

  function shown(card) { return card === "JK" ? "JK" : rankOf(card) + (SYMBOL[suitOf(card)] || ""); }

  // Suit by suit (S H D C), ace low, jokers last: the server's sort_cards order.
  function sortKey(card) {
    if (card === "JK") return 900;
    var s = suitOf(card);
    if (!s) return parseInt(card, 10);
    return SUITS.indexOf(s) * 20 + RANKS.indexOf(rankOf(card));
  }
  function sorted(cards) { return cards.slice().sort(function (a, b) { return sortKey(a) - sortKey(b); }); }

  // One token in canonical form, or an error; mirrors referee.games.cards._canonical.
  function canonical(raw, digits) {
    var token = raw.replace(/\s+/g, "").replace(/[♠♤♥♡♦♢♣♧]/g, function (ch) { return FROM_SYMBOL[ch]; });
    // ASCII only, as on the server: no other script's digits, no case folding of "ſ"
    var ascii = /^[\x00-\x7f]*$/.test(token);
    if (ascii && JOKERS.indexOf(token.toUpperCase()) >= 0) return { card: "JK" };
    if (/^[0-9]$/.test(token)) return { card: token };
    var m = /^(10|[2-9AJQKT])([SHDC])$/i.exec(ascii ? token : "");
    if (!m) {
      var s = token.slice(-1).toUpperCase();
      var badRank = ascii && token.length >= 2 && SUITS.indexOf(s) >= 0;
      return { error: "'" + raw + "' is not a card: " + (badRank
        ? "ranks are A 2-10 J Q K (T for ten)."
        : "write the rank then the suit (S H D C), like QS, 10H or JK.") };
    }
    var r = m[1].toUpperCase();
    return { card: (RANK_WORDS[r] || r) + m[2].toUpperCase() };
  }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function Picker(root) {
    this.root = root;
    this.input = root.querySelector("input");
    this.msg = root.querySelector("[data-msg]");
    this.count = root.querySelector("[data-count]");
    this.hint = this.msg.textContent; // shown whenever there is nothing to correct
    this.label = root.getAttribute("data-label") || "this hand";
    this.deckTitle = root.getAttribute("data-deck-title");
    this.copies = JSON.parse(root.getAttribute("data-copies"));
    this.least = parseInt(root.getAttribute("data-least"), 10) || 0;
    var most = root.getAttribute("data-most");
    this.most = most ? parseInt(most, 10) : null;
    this.ordered = root.hasAttribute("data-in-order"); // a layout: positions, not a hand
    this.digits = Object.keys(this.copies).every(function (c) { return /^\d+$/.test(c); });
    this.suits = SUITS.filter(function (s) { return this.has(function (c) { return suitOf(c) === s; }); }, this);
    this.ranks = this.digits
      ? Object.keys(this.copies).sort(function (a, b) { return a - b; })
      : RANKS.filter(function (r) { return this.has(function (c) { return rankOf(c) === r && suitOf(c); }); }, this);
    // The pinochle deck (A 10 K Q J only) shows its ranks in the game's own order.
    if (this.ranks.join(" ") === "A 10 J Q K") this.ranks = ["A", "10", "K", "Q", "J"];
    this.joker = "JK" in this.copies;
    this.suit = this.suits[0] || "";
    this.cards = [];
    this.bad = [];
    this.note = "";
    this.build();
    this.read();
  }

  Picker.prototype.has = function (test) { return Object.keys(this.copies).some(test); };

  Picker.prototype.build = function () {
    var self = this;
    this.hand = el("div", "picker-hand");
    this.hand.setAttribute("role", "group");
    this.hand.setAttribute("aria-label", this.label + ": chosen cards (tap one to take it out)");
    this.root.insertBefore(this.hand, this.input);
    var pad = el("div", "picker-pad");
    if (this.suits.length) {
      var row = el("div", "picker-suits");
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", "Suit");
      this.suitButtons = this.suits.map(function (s) {
        var b = el("button", "pc-suit-btn" + (s === "H" || s === "D" ? " pc-red" : ""), SYMBOL[s]);
        b.type = "button";
        b.setAttribute("aria-label", SUIT_NAME[s]);
        b.addEventListener("click", function () { self.suit = s; self.note = ""; self.render(); });
        row.appendChild(b);
        return b;
      });
      pad.appendChild(row);
    }
    var grid = el("div", "picker-ranks");
    grid.setAttribute("role", "group");
    grid.setAttribute("aria-label", "Rank");
    this.rankButtons = this.ranks.map(function (r) {
      var b = el("button", "pc-rank-btn");
      b.type = "button";
      b.addEventListener("click", function () { self.tap(self.digits ? r : r + self.suit); });
      grid.appendChild(b);
      return b;
    });
    if (this.joker) {
      var j = el("button", "pc-rank-btn pc-joker", "JK");
      j.type = "button";
      j.setAttribute("aria-label", "joker");
      j.addEventListener("click", function () { self.tap("JK"); });
      grid.appendChild(j);
      this.jokerButton = j;
    }
    var clear = el("button", "picker-clear", "Clear");
    clear.type = "button";
    clear.setAttribute("aria-label", "Clear " + this.label);
    clear.addEventListener("click", function () { self.cards = []; self.bad = []; self.note = ""; self.write(); });
    grid.appendChild(clear); // with 13 ranks it fills the grid's 14th cell
    pad.appendChild(grid);
    this.root.insertBefore(pad, this.msg);
    this.input.addEventListener("input", function () { self.note = ""; self.read(); });
    this.input.addEventListener("change", function () { if (!self.bad.length) self.write(); });
  };

  // The other pickers of the same form hold cards from the same deck.
  Picker.prototype.others = function () {
    var self = this;
    return pickers.filter(function (p) {
      return p !== self && p.input.form === self.input.form && p.deckTitle === self.deckTitle;
    });
  };

  Picker.prototype.held = function (card) {
    var n = 0;
    this.cards.forEach(function (c) { if (c === card) n += 1; });
    return n;
  };

  Picker.prototype.elsewhere = function (card) {
    var found = [];
    this.others().forEach(function (p) { if (p.held(card)) found.push(p); });
    return found;
  };

  Picker.prototype.total = function (card) {
    return this.held(card) + this.elsewhere(card).reduce(function (n, p) { return n + p.held(card); }, 0);
  };

  Picker.prototype.tap = function (card) {
    var left = (this.copies[card] || 0) - this.total(card);
    this.note = "";
    var have = this.copies[card] || 0;
    if (left <= 0 && have === 1 && this.held(card)) {
      this.cards.splice(this.cards.lastIndexOf(card), 1); // a second tap takes it back
    } else if (left <= 0 && this.held(card) >= have) {
      // A pack with several copies (canasta: two of each, four jokers): one copy more
      // is refused in the server's words (cards.parse_cards); tap it in the hand to
      // take one out.
      this.note = card + " appears " + (have + 1) + " times, but a " + this.deckTitle +
        " has " + this.copiesText(card) + ".";
      this.render();
      return;
    } else if (left <= 0) {
      var where = this.elsewhere(card).map(function (p) { return p.label; }).join(", ");
      this.note = shown(card) + " is already in " + where + ": a " + this.deckTitle + " has " + this.copiesText(card) + ".";
      this.render();
      return;
    } else if (this.most !== null && this.cards.length >= this.most) {
      this.note = this.label + " already has " + this.most + " cards: tap one in the hand to take it out first.";
      this.render();
      return;
    } else {
      this.cards.push(card);
    }
    this.write();
  };

  Picker.prototype.copiesText = function (card) {
    var n = this.copies[card] || 0;
    // The server's words (cards.parse_cards): "only 4 copies of AS".
    return n === 1 ? "only one " + describe(card) : "only " + n + " copies of " + card;
  };

  // The text field is the truth: read it into cards, keeping what does not parse.
  Picker.prototype.read = function () {
    var self = this;
    this.cards = [];
    this.bad = [];
    this.input.value.split(/[\s,;]+/).forEach(function (tok) {
      if (!tok) return;
      var got = canonical(tok, self.digits);
      if (got.error) { self.bad.push({ token: tok, error: got.error }); return; }
      if (!(got.card in self.copies)) {
        self.bad.push({ token: tok, error: "'" + tok + "' is not in a " + self.deckTitle + "." });
        return;
      }
      self.cards.push(got.card);
    });
    this.render();
    this.others().forEach(function (p) { p.render(); });
  };

  // Write the cards (sorted) back to the text field, then redraw.
  Picker.prototype.write = function () {
    var text = (this.ordered ? this.cards.slice() : sorted(this.cards)).concat(this.bad.map(function (b) { return b.token; }));
    this.input.value = text.join(" ");
    this.read();
  };

  Picker.prototype.problems = function () {
    var self = this;
    var out = this.bad.map(function (b) { return b.error; });
    var seen = {};
    this.cards.forEach(function (card) {
      if (seen[card]) return;
      seen[card] = true;
      var n = self.held(card);
      var where = self.elsewhere(card);
      if (n + where.reduce(function (t, p) { return t + p.held(card); }, 0) <= self.copies[card]) return;
      if (n > self.copies[card]) {
        out.push(card + " appears " + n + " times, but a " + self.deckTitle + " has " + self.copiesText(card) + ".");
      } else {
        out.push(card + " is also in " + where.map(function (p) { return p.label; }).join(", ") +
          ", but a " + self.deckTitle + " has " + self.copiesText(card) + ".");
      }
    });
    var n = this.cards.length + this.bad.length;
    if (this.most !== null && n > this.most) {
      out.push(this.label + ": " + n + " cards, but at most " + this.most + ".");
    }
    return out;
  };

  Picker.prototype.render = function () {
    var self = this;
    var cards = this.ordered ? this.cards.slice() : sorted(this.cards);
    this.hand.textContent = "";
    cards.forEach(function (card, i) {
      var b = el("button", "pc" + (red(card) ? " pc-red" : ""));
      b.type = "button";
      b.textContent = rankOf(card);
      if (suitOf(card)) b.appendChild(el("span", "pc-suit", SYMBOL[suitOf(card)]));
      b.setAttribute("aria-label", "Take out the " + describe(card));
      b.addEventListener("click", function () {
        self.cards.splice(self.cards.indexOf(card), 1);
        self.note = "";
        self.write();
        var next = self.hand.querySelectorAll("button")[Math.min(i, self.cards.length - 1)];
        if (next) next.focus();
      });
      self.hand.appendChild(b);
    });
    if (!cards.length) this.hand.appendChild(el("span", "muted small", "No cards yet: pick a suit, then tap the ranks."));
    (this.suitButtons || []).forEach(function (b, i) {
      b.setAttribute("aria-pressed", String(self.suits[i] === self.suit));
    });
    this.rankButtons.forEach(function (b, i) {
      var card = self.digits ? self.ranks[i] : self.ranks[i] + self.suit;
      b.textContent = self.ranks[i];
      if (!self.digits) b.appendChild(el("span", "pc-suit", SYMBOL[self.suit]));
      b.className = "pc-rank-btn" + (red(card) ? " pc-red" : "");
      self.mark(b, card);
      b.setAttribute("aria-label", describe(card));
    });
    if (this.jokerButton) this.mark(this.jokerButton, "JK");

    var n = this.cards.length;
    this.count.textContent = this.least === this.most
      ? n + " of " + this.most
      : n + (n === 1 ? " card" : " cards") + " (" + this.least + (this.most === null ? "+" : "–" + this.most) + ")";
    var problems = this.problems();
    var short = this.cards.length && this.cards.length < this.least && !problems.length;
    this.root.classList.toggle("picker-bad", problems.length > 0);
    this.root.classList.toggle("picker-done", !problems.length && this.cards.length >= this.least && this.cards.length > 0);
    this.msg.classList.toggle("error", problems.length > 0 || !!this.note);
    this.msg.textContent = problems.concat(this.note ? [this.note] : []).join(" ") ||
      (short ? (this.least - this.cards.length) + " more to go." : this.hint);
    this.input.setCustomValidity(problems.join(" "));
  };

  // A rank button shows whether its card is in this hand or used up elsewhere.
  Picker.prototype.mark = function (button, card) {
    var mine = this.held(card) > 0;
    var gone = this.total(card) >= (this.copies[card] || 0);
    button.setAttribute("aria-pressed", String(mine));
    button.classList.toggle("is-mine", mine);
    button.classList.toggle("is-gone", gone && !mine);
  };

  var pickers = [];
  function start() {
    var roots = document.querySelectorAll("[data-card-picker]");
    Array.prototype.forEach.call(roots, function (root) { pickers.push(new Picker(root)); });
    pickers.forEach(function (p) { p.render(); });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
