/* The phone's outbox: hands recorded while the network is down are kept on the phone
   and sent when it is back -- once each, in order, whatever happens in between.

   Works with every <form data-outbox> on the page (the score page, a table link's
   page) and the status block #outbox (templates/games/_outbox.html).

   - Online with nothing waiting, a hand is posted by htmx as always (the server answers
     the hand's row of the sheet and, out of band, what else it changed). When that post
     cannot reach the server (network error, a gateway's 5xx), or the phone is offline,
     or hands are already waiting, the hand is kept instead: in IndexedDB (via idb),
     as {url, fields, game, number, created_at, state, last_error}, and the form moves
     on to the next hand number, so the scorer can carry on.
   - Sending replays the same form post, one hand at a time in number order, asking
     for JSON (play/views/games.py answers with the server's reason). 2xx: removed,
     the sheet is refreshed. 4xx: kept with the reason, for the scorer to Edit or
     Discard; later hands of that game wait behind it. No network: tried again later
     (back online, page shown again, and every few seconds, slower and slower).
   - Exactly once: a hand whose answer got lost is sent again under the same number,
     and the server answers it as recorded (the same hand, from the same phone) instead
     of storing it twice.
   - The service worker (static/js/sw.js) keeps this page for a reload offline. */

const box = document.getElementById("outbox");
const DB_NAME = "rookclub-outbox";
const FIRST_RETRY = 2000;
const LAST_RETRY = 60000;

if (box) start(box);

function start(box) {
  const game = box.dataset.game;
  const status = box.querySelector("[role=status]");
  const list = box.querySelector(".outbox-list");
  // The storage library is preloaded with the page (games/detail.html). Should the
  // network drop before it arrived, it is asked for again at the next use, under an
  // address of its own: a browser keeps a module that failed to load as failed.
  let opened = null;
  let tries = 0;
  const db = () => {
    tries += opened ? 0 : 1;
    opened ??= import(tries > 1 ? `${box.dataset.idb}?try=${tries}` : box.dataset.idb)
      .then(({ openDB }) =>
        openDB(DB_NAME, 1, {
          upgrade(db) {
            db.createObjectStore("hands", { keyPath: "id", autoIncrement: true }).createIndex("game", "game");
          },
        })
      )
      .catch((error) => {
        opened = null;
        throw error;
      });
    return opened;
  };

  let hands = [];          // every kept hand, of every game, by game then number
  let sending = false;
  let unreachable = false; // the last try failed for want of a network
  let notice = "";
  let pinned = null;       // {kind, number}: a hand put back in the form by "Edit"
  let retry = FIRST_RETRY;
  let timer = null;

  // ---- keeping a hand ---------------------------------------------------------------

  function handForm(elt) {
    return elt && elt.matches && elt.matches("form[data-outbox]") ? elt : null;
  }

  function mine() {
    return hands.filter((hand) => hand.game === game);
  }

  document.addEventListener("htmx:confirm", (event) => {
    const form = handForm(event.detail.elt);
    if (!form) return;
    pinned = null;
    // Hands waiting go first: this one queues behind them, so the numbers stay in order.
    if (navigator.onLine && mine().length === 0) return;
    event.preventDefault();
    keep(form);
  });

  document.addEventListener("htmx:sendError", (event) => {
    const form = handForm(event.detail.elt);
    if (form) {
      unreachable = true;
      keep(form);
    }
  });

  document.addEventListener("htmx:responseError", (event) => {
    const form = handForm(event.detail.elt);
    if (form && event.detail.xhr.status >= 500) keep(form); // a gateway or a crash: try later
  });

  document.addEventListener("htmx:afterRequest", (event) => {
    const form = handForm(event.detail.elt);
    if (form && event.detail.successful) {
      unreachable = false;
      notice = "";
    }
    // Any answer that changed the sheet (a hand, a confirmation): the page a reload
    // offline shows is the latest one this phone saw.
    const config = event.detail.requestConfig;
    if (event.detail.successful && (form || (config && config.verb === "post"))) keepPage();
  });

  document.addEventListener("htmx:afterSettle", () => renumber());

  async function keep(form) {
    const number = parseInt(form.elements.number.value, 10);
    const fields = [];
    new FormData(form).forEach((value, name) => {
      if (typeof value === "string") fields.push([name, value]);
    });
    const hand = {
      url: form.action, fields, game, number,
      created_at: new Date().toISOString(), state: "waiting", last_error: "",
    };
    await (await db()).add("hands", hand);
    form.reset();
    const details = form.closest("details");
    if (details) details.open = false;
    notice = `Hand ${number} is kept on this phone and will be sent when the network is back.`;
    await load();
    schedule(0);
  }

  // ---- sending ----------------------------------------------------------------------

  function schedule(delay) {
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
  }

  async function tick() {
    await sendAll();
    if (hands.some((hand) => hand.state === "waiting")) {
      retry = Math.min(retry * 2, LAST_RETRY);
      schedule(retry);
    }
  }

  async function sendAll() {
    if (sending || !navigator.onLine) return render();
    // One sender for all of this phone's tabs.
    if (navigator.locks) await navigator.locks.request(DB_NAME, { ifAvailable: true }, (lock) => lock && sendWaiting());
    else await sendWaiting();
  }

  async function sendWaiting() {
    sending = true;
    render();
    let sentHere = false;
    try {
      await load();
      const stopped = new Set(); // games whose earlier hand was refused: theirs wait
      for (const hand of hands) {
        if (stopped.has(hand.game)) continue;
        if (hand.state === "refused") {
          stopped.add(hand.game);
          continue;
        }
        const answer = await send(hand);
        if (answer.unreachable) {
          unreachable = true;
          hand.last_error = answer.message || "";
          break;
        }
        unreachable = false;
        retry = FIRST_RETRY;
        if (answer.recorded) {
          await (await db()).delete("hands", hand.id);
          if (hand.game === game) {
            sentHere = true;
            notice = answer.message;
          }
        } else {
          hand.state = "refused";
          hand.last_error = answer.message;
          await (await db()).put("hands", hand);
          stopped.add(hand.game);
        }
      }
    } finally {
      sending = false;
    }
    if (sentHere) await refreshSheet();
    await load();
  }

  async function send(hand) {
    const token = csrfCookie();
    const body = new URLSearchParams();
    for (const [name, value] of hand.fields) {
      // The token of the page it was typed on may be stale (a reload, a new login):
      // the CSRF cookie is always the current one.
      body.append(name, name === "csrfmiddlewaretoken" && token ? token : value);
    }
    let response;
    try {
      response = await fetch(hand.url, {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { Accept: "application/json", ...(token ? { "X-CSRFToken": token } : {}) },
      });
    } catch (error) {
      return { unreachable: true };
    }
    const answer = await response.json().catch(() => null);
    if (response.ok) return { recorded: true, message: (answer && answer.message) || `Hand ${hand.number} recorded.` };
    if (response.status >= 500) return { unreachable: true, message: `The server did not answer (${response.status}).` };
    if (answer && answer.message) return { message: answer.message };
    if (response.status === 403) return { message: "Refused: log in again, then send it again." };
    return { message: `Refused by the server (${response.status}).` };
  }

  function csrfCookie() {
    const found = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return found ? decodeURIComponent(found[1]) : "";
  }

  /** Read #game-live again; ``recorded``: the hand just recorded, whose result it shows. */
  async function refreshSheet(recorded) {
    const live = document.getElementById("game-live");
    if (!live || !window.htmx) return;
    const url = window.location.pathname + (recorded ? `?recorded=${recorded}` : "");
    try {
      await window.htmx.ajax("GET", url, { target: "#game-live", swap: "outerHTML" });
    } catch (error) {
      return;
    }
    keepPage();
  }

  // ---- showing ----------------------------------------------------------------------

  async function load() {
    const all = await (await db()).getAll("hands");
    hands = all.sort((a, b) => String(a.game).localeCompare(String(b.game)) || a.number - b.number || a.id - b.id);
    render();
    renumber();
  }

  function render() {
    const state = sending ? "sending" : !navigator.onLine || unreachable ? "offline" : "online";
    const waiting = hands.filter((hand) => hand.state === "waiting").length;
    const refused = hands.filter((hand) => hand.state === "refused").length;
    const parts = [{ online: "Online", offline: "Offline", sending: "Sending…" }[state]];
    if (waiting) parts.push(`waiting to send (${waiting})`);
    if (refused) parts.push(`not accepted (${refused}): edit or discard below`);
    status.dataset.state = state;
    status.querySelector(".outbox-state").textContent = parts.join(" · ");
    status.querySelector(".outbox-notice").textContent = notice;
    list.replaceChildren(...hands.map(item));
    list.hidden = hands.length === 0;
  }

  function item(hand) {
    const li = document.createElement("li");
    li.dataset.state = hand.state;
    li.dataset.number = hand.number;
    const other = hand.game !== game;
    const what = document.createElement("span");
    what.textContent = `${other ? `Game ${hand.game}, hand` : "Hand"} ${hand.number}: ${summary(hand)} — ` +
      (hand.state === "refused" ? `not accepted: ${hand.last_error}` : "waiting to send");
    li.append(what);
    if (hand.state === "refused") {
      if (!other) li.append(button("Edit", () => edit(hand)));
      li.append(button("Discard", () => discard(hand)));
    }
    return li;
  }

  function button(text, onClick) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "button small";
    b.textContent = text;
    b.addEventListener("click", onClick);
    return b;
  }

  function summary(hand) {
    const field = (name) => (hand.fields.find(([n]) => n === name) || [])[1] || "";
    // Where the form does not name it: "seat1" -> "Seat 1", "no_trump" -> "No trump".
    const title = (text) => {
      const words = text.replace(/_/g, " ").replace(/^seat(\d)$/, "seat $1");
      return words.charAt(0).toUpperCase() + words.slice(1);
    };
    const kind = field("kind");
    if (kind && kind !== "hand") return title(kind);
    const what = [choiceName("bidder", field("bidder"), title), field("bid"), choiceName("trump", field("trump"), title)]
      .filter(Boolean)
      .join(" ");
    // The counters too, as the form names them: the table checks them before they go.
    const counters = hand.fields
      .filter(([name, value]) => name.startsWith("counters_") && value !== "")
      .map(([name, value]) => `${counterName(name, title)} ${value}`);
    return counters.length ? `${what}, counters ${counters.join(" / ")}` : what;
  }

  /** "Seat 1" for bidder=seat1: the form's own word for the choice (its label's first
   * text, without the player's name under it). */
  function choiceName(name, value, title) {
    if (!value) return "";
    const input = document.querySelector(
      `form.hand-form input[name="${CSS.escape(name)}"][value="${CSS.escape(value)}"]`,
    );
    const label = input && input.labels && input.labels[0];
    const words = label ? label.querySelector("span") || label : null;
    const first = words && words.firstChild && words.firstChild.nodeType === Node.TEXT_NODE ? words.firstChild.textContent.trim() : "";
    return first || title(value);
  }

  /** "North-South" for counters_north_south: the form's own label, without " counters". */
  function counterName(name, title) {
    const input = document.querySelector(`form.hand-form [name="${CSS.escape(name)}"]`);
    const label = input && input.labels && input.labels[0] ? input.labels[0].textContent.trim() : "";
    return label.replace(/ counters$/, "") || title(name.slice("counters_".length));
  }

  // ---- the scorer fixes a refused hand --------------------------------------------------

  async function edit(hand) {
    const kind = (hand.fields.find(([n]) => n === "kind") || [])[1];
    const form = document.querySelectorAll("form[data-outbox]");
    const target = Array.from(form).find((f) => f.elements.kind && f.elements.kind.value === kind);
    if (!target) {
      notice = "The form for this hand is not on the page (is the game over?). Discard it instead.";
      return render();
    }
    target.reset();
    for (const [name, value] of hand.fields) {
      if (name === "csrfmiddlewaretoken" || name === "number" || name === "kind") continue;
      for (const input of target.querySelectorAll(`[name="${CSS.escape(name)}"]`)) {
        if (input.type === "radio" || input.type === "checkbox") input.checked = input.value === value;
        else input.value = value;
        const details = value && input.closest("details");
        if (details) details.open = true;
      }
    }
    await (await db()).delete("hands", hand.id);
    // Its own number if still free, else the first free one after the sheet.
    const others = new Set(mine().filter((h) => h.id !== hand.id).map((h) => h.number));
    let number = Math.max(serverNext(), 1);
    while (others.has(number)) number += 1;
    pinned = { kind, number };
    notice = `Hand ${hand.number} is back in the form: fix it, then record it again.`;
    await load();
    target.scrollIntoView({ block: "start" });
  }

  async function discard(hand) {
    if (!window.confirm(`Discard hand ${hand.number}? It will not be recorded.`)) return;
    await (await db()).delete("hands", hand.id);
    notice = `Hand ${hand.number} discarded.`;
    await load();
  }

  // ---- the form's hand number -----------------------------------------------------------

  /** The next number the server gave the page (the form as rendered). */
  function serverNext() {
    const numbers = Array.from(document.querySelectorAll("form[data-outbox] input[name=number]"), (input) => {
      if (!input.dataset.server) input.dataset.server = input.value;
      return parseInt(input.dataset.server, 10);
    }).filter((n) => !isNaN(n));
    return numbers.length ? Math.max(...numbers) : NaN;
  }

  /** Hands kept on the phone take their numbers: the form moves on past them. */
  function renumber() {
    const server = serverNext();
    if (isNaN(server)) return;
    const kept = mine().map((hand) => hand.number);
    const next = Math.max(server, ...kept.map((n) => n + 1));
    for (const form of document.querySelectorAll("form[data-outbox]")) {
      const number = pinned && form.elements.kind && form.elements.kind.value === pinned.kind ? pinned.number : next;
      form.elements.number.value = String(number);
      for (const b of form.querySelectorAll("button[type=submit]")) {
        b.textContent = b.textContent.replace(/(hand )\d+/i, `$1${number}`);
      }
      if (form.classList.contains("hand-form")) {
        const heading = document.getElementById("record-heading");
        if (heading) heading.textContent = heading.textContent.replace(/\d+/, String(number));
      }
    }
    showRotation(next - server);
  }

  // ---- who deals next while hands wait on the phone -------------------------------------

  /** The page shows the dealer and seats the server gave it; with ``ahead`` hands kept on
      the phone, those of the hand after them, from the engine's own rotation (the
      #rotation data: the same rule the server applies), or, when a kept hand may not
      move the deal as a scored hand does (a misdeal, a redeal, one refused), says the
      dealer and seats may be out of date. */
  function showRotation(ahead) {
    const data = document.getElementById("rotation");
    const dealer = document.getElementById("dealer");
    const note = document.getElementById("rotation-note");
    if (!data || !dealer) return;
    if (!dealer.dataset.server) dealer.dataset.server = dealer.textContent;
    const cards = Array.from(document.querySelectorAll(".table-head .seat-card[data-seat]"));
    for (const card of cards) {
      if (!card.dataset.server) card.dataset.server = card.innerHTML;
    }
    const exchange = document.getElementById("seat-exchange");
    const stale = document.querySelector(".rotation-stale");
    if (stale) stale.remove();
    if (note) note.hidden = true;
    if (!(ahead > 0)) {
      dealer.textContent = dealer.dataset.server;
      for (const card of cards) card.innerHTML = card.dataset.server;
      if (exchange) exchange.hidden = false;
      return;
    }
    if (exchange) exchange.hidden = true; // the server's prompt was for a hand now kept
    const schedule = JSON.parse(data.textContent || "[]");
    const kept = mine();
    const plain = kept.length === ahead && kept.every((hand) => hand.state === "waiting" &&
      (hand.fields.find(([n]) => n === "kind") || [])[1] === "hand");
    const entry = plain ? schedule[ahead - 1] : null;
    if (!entry) {
      dealer.textContent = dealer.dataset.server;
      for (const card of cards) card.innerHTML = card.dataset.server;
      const mark = document.createElement("span");
      mark.className = "rotation-stale";
      mark.textContent = " (may be out of date: hands are waiting on this phone)";
      dealer.append(mark);
      return;
    }
    dealer.textContent = entry.dealer_line;
    for (const card of cards) {
      const seat = entry.seats.find((s) => s.seat === card.dataset.seat);
      if (!seat) continue;
      card.classList.toggle("dealer", seat.dealer);
      const name = card.querySelector(".seat-name");
      const player = card.querySelector(".seat-player");
      if (name) name.textContent = card.dataset.label + (seat.dealer ? " · deals" : "");
      if (player) player.textContent = seat.player;
    }
    if (note && entry.message) {
      note.textContent = `⇄ ${entry.message} before hand ${entry.number}.`;
      note.hidden = false;
    }
  }

  // ---- keeping this page for a reload offline -----------------------------------------

  async function keepPage() {
    if (!("serviceWorker" in navigator)) return;
    const registration = await navigator.serviceWorker.ready;
    if (!registration.active) return;
    const rows = document.querySelectorAll("#game-live ol.hands > li").length;
    const channel = new MessageChannel();
    const kept = new Promise((resolve) => {
      channel.port1.onmessage = (event) => resolve(Boolean(event.data && event.data.kept));
      setTimeout(() => resolve(false), 15000);
    });
    registration.active.postMessage({ type: "keep-page", url: window.location.href }, [channel.port2]);
    if (await kept) {
      box.dataset.offlineReady = "true";
      box.dataset.keptHands = String(rows); // how many hands the kept copy shows
    }
  }

  if ("serviceWorker" in navigator && box.dataset.serviceWorker) {
    navigator.serviceWorker.register(box.dataset.serviceWorker).then(keepPage, () => undefined);
  }
  // Service workers run on https and localhost only: on plain http (a hall's network,
  // `make venue`) the page says a reload without network will not open it.
  if (!window.isSecureContext || !("serviceWorker" in navigator)) {
    const note = document.getElementById("outbox-no-worker");
    if (note) note.hidden = false;
  }

  window.addEventListener("online", () => {
    unreachable = false;
    retry = FIRST_RETRY;
    schedule(0);
  });
  window.addEventListener("offline", () => render());
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) load().then(() => schedule(0));
  });

  load().then(() => schedule(0));
}
