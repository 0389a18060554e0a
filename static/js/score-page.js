/* A table page's hand, shown from the JSON answer of its post (static/js/outbox.js posts
   it; play/views/hand_json.py builds the answer from the engine's state): the totals,
   who deals and sits where, the result above the form with the other side's Confirm,
   the new row of the sheet, the hands waiting for confirmation, the form reset for the
   next hand. Small changes to the page, instead of the whole live region again.

   window.rookclubScorePage.showRecorded(form, answer) returns false when the answer
   has nothing to show this way (a retry, a game over, a game scored by player, a page
   without a sheet yet): the caller then reads #game-live again. showRefused(form,
   number, answer, status) puts the server's reasons next to the form. */
(function () {
  "use strict";

  var SIDES = ["north_south", "east_west"];

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (name === "text") node.textContent = attrs.text;
      else node.setAttribute(name, attrs[name]);
    });
    (children || []).forEach(function (child) {
      if (child !== null && child !== undefined) node.append(child);
    });
    return node;
  }

  function players() {
    var data = document.getElementById("game-players");
    try {
      return data ? JSON.parse(data.textContent) : {};
    } catch (error) {
      return {};
    }
  }

  function signed(points) {
    return points > 0 ? "+" + points : String(points);
  }

  function csrf(form) {
    var input = form.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  /* The other side's Confirm, where the result is shown (as games/_live.html). */
  function confirmForms(form, result, number) {
    if (!result.confirm_sides.length) return null;
    var box = el("div", { class: "confirm-now", id: "confirm-now" });
    result.confirm_sides.forEach(function (side) {
      box.append(el("p", { class: "confirm-ask", text: "Pass the phone to " + side.label + " to confirm hand " + number + "." }));
      box.append(el("form", { method: "post", action: side.url, "hx-post": side.url, "hx-target": "#game-live", "hx-swap": "outerHTML" }, [
        el("input", { type: "hidden", name: "csrfmiddlewaretoken", value: csrf(form) }),
        el("input", { type: "hidden", name: "side", value: side.value }),
        el("button", { type: "submit", class: "button primary", text: "Confirm hand " + number + " as " + side.label }),
      ]));
    });
    return box;
  }

  /* One row of the score sheet, as games/_sheet_row.html draws a hand just recorded. */
  function sheetRow(form, row, result, names) {
    var classes = "hand unconfirmed" + (row.void ? " void" : row.made === false ? " set" : "");
    var bid;
    if (row.void) bid = [row.misdeal ? "Misdeal" : "Redeal"];
    else if (row.declarer) {
      bid = [
        el("span", { class: "seat-long", text: row.declarer_label }),
        el("span", { class: "seat-short", "aria-hidden": "true", text: row.declarer.charAt(0).toUpperCase() }),
        " " + row.bid,
      ];
      if (row.made === false) bid.push(" ", el("span", { class: "badge warn", text: "set" }));
      else if (row.made) bid.push(el("span", { class: "sr-only", text: ", made" }));
    } else bid = ["—"];
    function trump() {
      return row.trump ? [el("span", { class: "trump-" + row.trump, "aria-hidden": "true", text: "■" }), " " + row.trump_label] : ["—"];
    }
    function counter(side) {
      var n = row.counters[side];
      return n === null || n === undefined ? "—" : String(n);
    }
    var hasCounters = row.counters.north_south !== null || row.counters.east_west !== null;
    function sideCell(side, cls, name) {
      return el("span", { class: "side " + cls }, [
        el("span", { class: "sr-only", text: ", " + name + " " }),
        el("small", { class: "score", text: signed(row.score[side]) }),
        el("span", { class: "sr-only", text: ", total " }),
        el("strong", { class: "total", text: String(row.totals[side]) }),
      ]);
    }
    var summary = el("summary", {}, [
      el("span", { class: "num" }, [el("span", { class: "sr-only", text: "Hand " }), String(row.number)]),
      el("span", { class: "bid" }, bid),
      el("span", { class: "wide trump" }, trump()),
      el("span", { class: "wide counters-cell", text: hasCounters ? counter("north_south") + " / " + counter("east_west") : "—" }),
      sideCell("north_south", "ns", "North-South"),
      sideCell("east_west", "ew", "East-West"),
    ]);
    var more = el("dl", { class: "hand-more" }, [el("dt", { text: "Dealer" }), el("dd", { text: row.dealer })]);
    if (!row.void) {
      var declarer = "—";
      if (row.declarer) {
        var player = names[String(row.declarer_player)];
        declarer = row.declarer_label + (player ? " — " + player : "") + ", bid " + row.bid +
          (row.made ? ", made" : row.made === false ? ", set" : "");
      }
      more.append(el("dt", { text: "Declarer" }), el("dd", { text: declarer }));
      more.append(el("dt", { text: "Trump" }), el("dd", {}, trump()));
      more.append(el("dt", { text: "Counters" }), el("dd", { text: "N-S " + counter("north_south") + " · E-W " + counter("east_west") }));
    }
    more.append(el("dt", { text: "This hand" }), el("dd", { text: "N-S " + signed(row.score.north_south) + " · E-W " + signed(row.score.east_west) }));
    more.append(el("dt", { text: "Totals" }), el("dd", { text: "N-S " + row.totals.north_south + " · E-W " + row.totals.east_west }));
    if (row.penalties.length) {
      var badges = el("dd");
      row.penalties.forEach(function (p) {
        badges.append(el("span", { class: "badge", text: p.kind + (p.seat ? " (" + p.seat + ")" : "") }), " ");
      });
      more.append(el("dt", { text: "Penalties" }), badges);
    }
    more.append(el("dt", { text: "Entered" }), el("dd", { class: "entered-how", text: row.entered_how ? "entered " + row.entered_how : "—" }));
    more.append(el("dt", { text: "Confirmed" }), el("dd", { class: "confirmed-by", text: "not yet confirmed" }));
    var cell = el("div", { class: "confirm-cell" });
    if (result.confirm_sides.length) {
      result.confirm_sides.forEach(function (side) {
        cell.append(el("form", { method: "post", action: side.url, "hx-post": side.url, "hx-target": "closest li", "hx-swap": "outerHTML" }, [
          el("input", { type: "hidden", name: "csrfmiddlewaretoken", value: csrf(form) }),
          el("input", { type: "hidden", name: "side", value: side.value }),
          el("button", { type: "submit" }, ["Confirm", el("span", { class: "sr-only", text: " hand " + row.number }), " as " + side.label]),
        ]));
      });
    } else cell.append(el("span", { class: "badge unconfirmed-mark", text: "not confirmed" }));
    return el("li", { id: "hand-" + row.number, class: classes }, [el("details", {}, [summary, more]), cell]);
  }

  /* "Hand 3 not yet confirmed by East-West.", in the form's list and the sheet's badge. */
  function waiting(row) {
    var list = document.getElementById("unconfirmed");
    if (!list) {
      var note = document.getElementById("rotation-note");
      if (!note) return;
      list = el("ul", { class: "unconfirmed-list", id: "unconfirmed", "aria-label": "Hands not yet confirmed" });
      note.after(list);
    }
    list.append(el("li", { id: "waiting-hand-" + row.number }, [el("a", { href: "#hand-" + row.number, text: "Hand " + row.number }), " not yet confirmed by " + row.waits_for + "."]));
    // A line struck through (confirmed from its row since) no longer counts.
    var count = list.querySelectorAll("li:not(.confirmed)").length;
    var badge = document.getElementById("unconfirmed-count");
    var heading = document.getElementById("sheet-heading");
    if (!badge && heading) {
      badge = el("span", { class: "badge warn", id: "unconfirmed-count" });
      heading.append(" ", badge);
    }
    if (badge) {
      badge.textContent = count + " not yet confirmed";
      badge.className = "badge warn";
    }
  }

  /* Who deals and sits where for the next hand, and the rotation after it. */
  function seats(next, rotation, names) {
    var dealerName = names[String(next.seats[next.dealer])] || "";
    document.querySelectorAll("#dealer").forEach(function (line) {
      line.textContent = "Dealer: " + next.dealer_label + " — " + dealerName;
    });
    document.querySelectorAll(".table-head .seat-card[data-seat]").forEach(function (card) {
      var seat = card.getAttribute("data-seat");
      var deals = seat === next.dealer;
      card.classList.toggle("dealer", deals);
      var name = card.querySelector(".seat-name");
      var player = card.querySelector(".seat-player");
      if (name) name.textContent = card.getAttribute("data-label") + (deals ? " · deals" : "");
      if (player) player.textContent = names[String(next.seats[seat])] || "";
    });
    var data = document.getElementById("rotation");
    if (data) {
      data.textContent = JSON.stringify(rotation.map(function (entry) {
        return {
          number: entry.number, dealer: entry.dealer, message: entry.message,
          dealer_player: names[String(entry.dealer_player)] || "",
          seats: entry.seats.map(function (s) {
            return { seat: s.seat, player: names[String(s.player)] || "", dealer: s.dealer };
          }),
        };
      }));
    }
  }

  function clearErrors(form) {
    form.querySelectorAll("[data-js-error]").forEach(function (node) { node.remove(); });
    form.querySelectorAll(".has-error").forEach(function (node) { node.classList.remove("has-error"); });
  }

  function showRecorded(form, answer) {
    var page = answer && answer.page;
    var list = document.querySelector("#game-live ol.hands");
    var live = document.getElementById("hand-result");
    if (!page || !list || !live || !document.getElementById("game-players")) return false;
    var names = players();
    var row = page.row;
    var next = page.next;
    document.querySelectorAll("#game-live [data-total]").forEach(function (total) {
      var side = total.getAttribute("data-total");
      if (side in page.totals) total.textContent = String(page.totals[side]);
    });
    seats(next, page.rotation, names);
    // The result, where the scorer is looking, with the other side's Confirm.
    var result = page.result;
    var news = [
      el("p", { class: "result " + result.outcome, id: "result-text", text: result.text }),
      el("p", { class: "result-totals", id: "result-totals", text: result.totals }),
      confirmForms(form, result, row.number),
    ];
    if (next.seat_message) {
      news.push(el("div", { class: "banner prompt", id: "seat-exchange", text: "⇄ " + next.seat_message + " before hand " + next.number + "." }));
    }
    live.replaceChildren.apply(live, news.filter(Boolean));
    live.classList.add("has-news");
    live.setAttribute("data-announce", "");
    list.append(sheetRow(form, row, result, names));
    waiting(row);
    // The form, empty for the next hand; the side that entered this one stays chosen.
    var side = form.querySelector("input[name=side]:checked");
    clearErrors(form);
    form.reset();
    form.querySelectorAll("input[name=side]").forEach(function (radio) {
      radio.defaultChecked = side !== null && radio.value === side.value;
      radio.checked = radio.defaultChecked;
    });
    form.querySelectorAll("details").forEach(function (details) { details.open = false; });
    document.querySelectorAll("form[data-outbox] input[name=number]").forEach(function (input) {
      input.value = String(next.number);
      input.defaultValue = String(next.number);
    });
    var cards = document.getElementById("cards-link");
    if (cards) cards.textContent = cards.textContent.replace(/(hand )\d+/i, "$1" + next.number);
    if (window.htmx) window.htmx.process(document.getElementById("game-live"));
    document.dispatchEvent(new CustomEvent("rookclub:page-updated"));
    announce();
    return true;
  }

  function showRefused(form, number, answer, status) {
    var live = document.getElementById("hand-result");
    var current = document.querySelector("form.hand-form[data-post-json]") || form;
    if (!live) return;
    var reasons = (answer && answer.reasons && answer.reasons.length) ? answer.reasons : null;
    var message = (answer && answer.message) || "Refused by the server (" + status + ").";
    var errors = (answer && answer.errors) || {};
    if (current === form && reasons) {
      clearErrors(form);
      Object.keys(errors).forEach(function (name) {
        var input = form.querySelector("[name='" + name + "']");
        var box = input && input.closest(".field, fieldset, div");
        if (!box) return;
        box.classList.add("has-error");
        var ul = el("ul", { class: "field-errors", role: "alert", "data-js-error": "" });
        errors[name].forEach(function (e) { ul.append(el("li", { text: e })); });
        box.append(ul);
      });
      var list = el("ul");
      reasons.forEach(function (r) { list.append(el("li", { text: r })); });
      live.replaceChildren(el("div", { class: "message error", id: "not-recorded" }, [
        el("strong", { text: "Hand " + number + " was not recorded." }),
        " Fix what is marked in red; what you typed is kept.", list,
      ]));
    } else {
      live.prepend(el("p", { class: "message error", text: message }));
    }
    live.classList.add("has-news");
    live.setAttribute("data-announce", "");
    announce();
  }

  function announce() {
    document.dispatchEvent(new CustomEvent("rookclub:announce"));
  }

  window.rookclubScorePage = { showRecorded: showRecorded, showRefused: showRefused, announce: announce };
})();
