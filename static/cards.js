// The card picker (templates/_card_picker.html): the hand and a pad of the pack's own
// cards, all writing the plain text field the form posts. Without this file the text
// field alone does the job and the server checks it; this only says what is wrong
// sooner, and makes each card a tap.
//
// Three pads (data-layout): "grid", every card of the pack at once (one tap a card);
// "suits", a suit row then the ranks of that suit; "ranks", a rank then its suits (a
// canasta meld: one rank, several suits). Cards the table has already shown
// (data-shown) and cards another picker of the form holds are greyed out and say why.
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

  function shownText(card) { return card === "JK" ? "JK" : rankOf(card) + (SYMBOL[suitOf(card)] || ""); }

  // Suit by suit (S H D C), ace low, jokers last: the server's sort_cards order.
  function sortKey(card) {
    if (card === "JK") return 900;
    var s = suitOf(card);
    if (!s) return parseInt(card, 10);
    return SUITS.indexOf(s) * 20 + RANKS.indexOf(rankOf(card));
  }
  function sorted(cards) { return cards.slice().sort(function (a, b) { return sortKey(a) - sortKey(b); }); }

  // One token in canonical form, or an error; mirrors referee.games.cards._canonical.
  function canonical(raw) {
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

  function button(cls, text, onTap) {
    var b = el("button", cls, text);
    b.type = "button";
    b.addEventListener("click", onTap);
    return b;
  }

  function Picker(root) {
    var self = this;
    this.root = root;
    this.input = root.querySelector("input");
    this.msg = root.querySelector("[data-msg]");
    this.count = root.querySelector("[data-count]");
    this.hint = this.msg.textContent; // shown whenever there is nothing to correct
    this.label = root.getAttribute("data-label") || "this hand";
    this.deckTitle = root.getAttribute("data-deck-title");
    this.copies = JSON.parse(root.getAttribute("data-copies"));
    this.shown = {};
    JSON.parse(root.getAttribute("data-shown") || "[]").forEach(function (c) {
      if (c in self.copies) self.shown[c] = (self.shown[c] || 0) + 1;
    });
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
    this.layout = this.digits ? "digits" : (root.getAttribute("data-layout") || "suits");
    this.suit = this.suits[0] || "";
    this.rank = this.ranks[0] || "";
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
    var pad = el("div", "picker-pad picker-pad-" + this.layout);
    this.cardButtons = []; // [button, function giving its card now]
    function cardButton(cls, card) {
      var b = button(cls, undefined, function () { self.tap(card()); });
      self.cardButtons.push([b, card]);
      return b;
    }
    var grid = el("div", "picker-ranks");
    grid.setAttribute("role", "group");
    var cols = Math.min(this.ranks.length, 7);
    if (this.layout === "grid") {
      // Every card at once, a suit a row (13 ranks wrap to seven and six).
      grid.className = "picker-cards";
      grid.style.setProperty("--cols", String(cols));
      grid.setAttribute("aria-label", "Cards");
      this.suits.forEach(function (s) {
        self.ranks.forEach(function (r, i) {
          var b = cardButton("pc-rank-btn" + (i === 0 ? " picker-row-start" : ""), function () { return r + s; });
          grid.appendChild(b);
        });
      });
    } else {
      var row = null;
      if (this.suits.length) {
        row = el("div", "picker-suits");
        row.setAttribute("role", "group");
        row.setAttribute("aria-label", "Suit");
        this.suitButtons = this.suits.map(function (s) {
          if (self.layout === "ranks") return cardButton("pc-suit-btn", function () { return self.rank + s; });
          var b = button("pc-suit-btn" + (s === "H" || s === "D" ? " pc-red" : ""), SYMBOL[s], function () {
            self.suit = s; self.note = ""; self.render();
          });
          b.setAttribute("aria-label", SUIT_NAME[s]);
          return b;
        });
        this.suitButtons.forEach(function (b) { row.appendChild(b); });
        if (this.layout === "ranks") pad.appendChild(grid); // the rank first, then its suits
        pad.appendChild(row);
      }
      grid.setAttribute("aria-label", "Rank");
      this.rankButtons = this.ranks.map(function (r) {
        if (self.layout === "suits" || self.layout === "digits") {
          return cardButton("pc-rank-btn", function () { return self.digits ? r : r + self.suit; });
        }
        return button("pc-rank-btn", r, function () { self.rank = r; self.note = ""; self.render(); });
      });
      this.rankButtons.forEach(function (b) { grid.appendChild(b); });
    }
    if (this.joker) {
      var j = cardButton("pc-rank-btn pc-joker", function () { return "JK"; });
      grid.appendChild(j);
      // A whole 52-card pack on the grid (a suit in two rows, seven then six): the
      // joker takes the first suit's empty corner, Clear the last's, so the pad stays
      // eight rows; in the DOM it stays last, as the hand sorts it.
      if (this.layout === "grid" && this.ranks.length % cols) {
        j.style.gridRow = String(Math.ceil(this.ranks.length / cols));
        j.style.gridColumn = String(cols);
      }
    }
    var clear = button("picker-clear", "Clear", function () { self.cards = []; self.bad = []; self.note = ""; self.write(); });
    clear.setAttribute("aria-label", "Clear " + this.label);
    // a rank-first pad keeps its ranks to two rows of seven: Clear goes with the suits
    (this.layout === "ranks" && row ? row : grid).appendChild(clear);
    if (!pad.contains(grid)) pad.appendChild(grid);
    this.root.insertBefore(pad, this.msg);
    this.root.classList.add("picker-ready"); // its room, kept until now, is the pad's
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

  // Copies not yet in a hand of this form nor shown on the table.
  Picker.prototype.left = function (card) {
    return (this.copies[card] || 0) - this.total(card) - (this.shown[card] || 0);
  };

  // Why a card cannot be added now (a disabled button's reason), or "".
  Picker.prototype.why = function (card) {
    if (this.left(card) > 0) return "";
    if (this.shown[card] && this.total(card) === 0) return "already shown";
    var where = this.elsewhere(card).map(function (p) { return p.label; });
    if (where.length && !this.held(card)) return "already in " + where.join(", ");
    return this.shown[card] ? "already shown" : "";
  };

  Picker.prototype.tap = function (card) {
    var have = this.copies[card] || 0;
    this.note = "";
    this.bad = []; // a tap replaces what was typed and refused
    if (have === 1 && this.held(card)) {
      this.cards.splice(this.cards.lastIndexOf(card), 1); // a second tap takes it back
      this.write();
      return;
    }
    if (this.most === 1 && this.cards.length === 1 && this.cards[0] !== card) {
      var before = this.cards; // one card: a new tap replaces it, when it can be had
      this.cards = [];
      if (this.left(card) <= 0) this.cards = before;
    }
    if (this.left(card) <= 0) {
      if (this.held(card) >= have) {
        // A pack with several copies (canasta: two of each): one copy more is refused
        // in the server's words (cards.parse_cards); tap it in the hand to take one out.
        this.note = card + " appears " + (have + 1) + " times, but a " + this.deckTitle +
          " has " + this.copiesText(card) + ".";
      } else {
        this.note = shownText(card) + " is " + (this.why(card) || "used up") + ": a " +
          this.deckTitle + " has " + this.copiesText(card) + ".";
      }
      this.render();
      return;
    }
    if (this.most !== null && this.cards.length >= this.most) {
      this.note = this.label + " already has " + this.most + " cards: tap one in the hand to take it out first.";
      this.render();
      return;
    }
    this.cards.push(card);
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
      var got = canonical(tok);
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

  // A card's face on a button: the rank, then the suit's symbol.
  function face(b, card) {
    b.textContent = card === "JK" ? "JK" : rankOf(card);
    if (suitOf(card)) b.appendChild(el("span", "pc-suit", SYMBOL[suitOf(card)]));
  }

  Picker.prototype.render = function () {
    var self = this;
    var cards = this.ordered ? this.cards.slice() : sorted(this.cards);
    this.hand.textContent = "";
    cards.forEach(function (card, i) {
      var b = button("pc" + (red(card) ? " pc-red" : ""), undefined, function () {
        self.cards.splice(self.cards.indexOf(card), 1);
        self.note = "";
        self.write();
        var next = self.hand.querySelectorAll("button")[Math.min(i, self.cards.length - 1)];
        if (next) next.focus();
      });
      face(b, card);
      b.setAttribute("aria-label", "Take out the " + describe(card));
      self.hand.appendChild(b);
    });
    if (!cards.length) {
      this.hand.appendChild(el("span", "muted small", {
        grid: "No cards yet: tap them below.",
        ranks: "No cards yet: pick a rank, then tap the suits.",
      }[this.layout] || "No cards yet: pick a suit, then tap the ranks."));
    }
    if (this.layout === "suits") {
      (this.suitButtons || []).forEach(function (b, i) {
        b.setAttribute("aria-pressed", String(self.suits[i] === self.suit));
      });
    }
    if (this.layout === "ranks") {
      this.rankButtons.forEach(function (b, i) {
        b.setAttribute("aria-pressed", String(self.ranks[i] === self.rank));
        b.setAttribute("aria-label", "rank " + (RANK_NAME[self.ranks[i]] || self.ranks[i]));
      });
    }
    this.cardButtons.forEach(function (pair) { self.mark(pair[0], pair[1]()); });

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

  // A card button: its face, whether its card is in this hand, and whether it can be
  // taken at all (greyed out, with the reason in its name, when it cannot).
  Picker.prototype.mark = function (b, card) {
    var mine = this.held(card) > 0;
    var why = mine ? "" : this.why(card);
    face(b, card);
    b.classList.toggle("pc-red", red(card));
    b.setAttribute("aria-pressed", String(mine));
    b.classList.toggle("is-mine", mine);
    b.classList.toggle("is-gone", !!why);
    b.disabled = !!why;
    b.setAttribute("aria-label", describe(card) + (why ? ": " + why : ""));
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
