/* The examples' Run button: loaded by the page at the first Run (see site/templates/runner.html.j2),
   it starts the runner's Web Worker (assets/runner-worker.js), shows the loading's progress, then
   the run's output as `kb example run` prints it, or one line saying what went wrong. A service
   worker (runner-sw.js at the site's root) keeps what was loaded, for use offline. */
(function () {
  "use strict";
  if (window.kbRunner) return;

  var WORDS = {
    es: {
      stop: "Detener", loading: "Descargando Python", starting: "Iniciando Python…",
      engine: "Cargando el motor de reglas…", running: "Ejecutando…", stopped: "Ejecución detenida.",
      error: "Error", passed: "Superada", failed: "Fallida", failures: "Fallos",
      shown: "Partida jugada: esto es lo que ocurrió", stopped_at_error: "La partida se detuvo en un error",
      not_doctest: "No es un doctest", rule_link: "Regla {id}",
      table_turn: "Turno {turn} · {step} · prioridad: {priority}", table_life: "{name}: {life} vidas",
      table_next: "¿Qué pasa ahora?", table_none: "La partida ha terminado.", table_undo: "Deshacer el último paso",
      table_code: "Ver código", table_save: "Guardar como ejemplo", table_copied: "Copiado al portapapeles.",
      table_refused: "El motor no lo permite", zone_battlefield: "campo de batalla", zone_hand: "mano",
      zone_graveyard: "cementerio", zone_library: "biblioteca", table_stack: "Pila",
      table_unknown: "El motor no conoce ninguna carta llamada «{name}»: elige una de la lista (su nombre en inglés, o el oficial en español donde se ha confirmado).",
      unavailable: "Esta copia del sitio se construyó sin Pyodide: los ejemplos no se pueden ejecutar en el navegador.",
      load_failed: "No se pudo cargar Python en el navegador"
    },
    en: {
      stop: "Stop", loading: "Downloading Python", starting: "Starting Python…",
      engine: "Loading the rules engine…", running: "Running…", stopped: "Run stopped.",
      error: "Error", passed: "Passed", failed: "Failed", failures: "Failures",
      shown: "Game played: this is what happened", stopped_at_error: "The game stopped at an error",
      not_doctest: "Not a doctest", rule_link: "Rule {id}",
      table_turn: "Turn {turn} · {step} · priority: {priority}", table_life: "{name}: {life} life",
      table_next: "What happens next?", table_none: "The game is over.", table_undo: "Undo the last step",
      table_code: "Show code", table_save: "Save as example", table_copied: "Copied to the clipboard.",
      table_refused: "The engine does not allow it", zone_battlefield: "battlefield", zone_hand: "hand",
      zone_graveyard: "graveyard", zone_library: "library", table_stack: "Stack",
      table_unknown: "The engine knows no card called \"{name}\": choose one from the list (by its English name, or its confirmed official Spanish one).",
      unavailable: "This copy of the site was built without Pyodide: the examples cannot run in the browser.",
      load_failed: "Python could not be loaded in the browser"
    }
  };

  var script = document.currentScript;
  var workerUrl = new URL("runner-worker.js", script ? script.src : location.href);
  var style = new URL("runner.css", workerUrl).href;
  if (!document.querySelector('link[href$="runner.css"]')) {
    var link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = style;
    document.head.appendChild(link);
  }
  var worker = null;
  var pending = {};
  var counter = 0;

  function el(name, cls, text) {
    var node = document.createElement(name);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function words(box) { return WORDS[box.getAttribute("data-lang")] || WORDS.en; }

  function megabytes(bytes, lang) {
    var text = (bytes / 1048576).toFixed(1);
    return (lang === "es" ? text.replace(".", ",") : text) + " MB";
  }

  // Once per page; whoever asks again waits for the same registration (the runner must load
  // through the service worker to be kept).
  var registration = null;
  function registerServiceWorker(box) {
    if (!("serviceWorker" in navigator)) return Promise.resolve();
    if (!registration) registration = register(box);
    return registration;
  }

  function register(box) {
    var root = new URL(box.getAttribute("data-root") || "./", location.href);
    // The runtime then loads through it, and it keeps every file for use offline. A page served
    // from a file or without a service worker runs all the same.
    return navigator.serviceWorker.register(new URL("runner-sw.js", root).href, { scope: root.pathname })
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function (registration) {
        var loaded = performance.getEntriesByType("resource").map(function (e) { return e.name; });
        registration.active.postMessage({ keep: [location.href.split("#")[0]].concat(loaded) });
      })
      .then(function () {
        if (navigator.serviceWorker.controller) return;
        return new Promise(function (done) {
          navigator.serviceWorker.addEventListener("controllerchange", done, { once: true });
          setTimeout(done, 1500);
        });
      })
      .catch(function () {});
  }

  // The reader is pressing Run (pointerdown, before the click): Python starts loading now, the
  // click's Run waits for the same loading. Nothing happens on a page where Run is never pressed.
  function prepare(box) {
    return registerServiceWorker(box).then(function () {
      if (worker) return;
      startWorker();
      worker.postMessage({ id: "warm", warm: true });
    });
  }

  function startWorker() {
    worker = new Worker(workerUrl, { type: "module" });
    worker.onmessage = function (event) {
      var message = event.data;
      var handler = pending[message.id];
      if (handler) handler(message);
    };
    worker.onerror = function (event) {
      var text = (event && event.message) || "worker failed";
      Object.keys(pending).forEach(function (id) { pending[id]({ id: id, kind: "error", stage: "load", message: text }); });
    };
  }

  function parts(box) {
    var out = box.querySelector(".kb-runner__out");
    if (!out.firstChild) {
      out.appendChild(el("p", "kb-runner__status"));
      var bar = el("progress", "kb-runner__progress");
      bar.setAttribute("aria-label", words(box).loading);
      bar.hidden = true;
      out.appendChild(bar);
      out.appendChild(el("pre", "kb-runner__stdout"));
      out.appendChild(el("pre", "kb-runner__stderr"));
    }
    out.hidden = false;
    return {
      status: out.querySelector(".kb-runner__status"),
      bar: out.querySelector(".kb-runner__progress"),
      stdout: out.querySelector(".kb-runner__stdout"),
      stderr: out.querySelector(".kb-runner__stderr")
    };
  }

  function setButton(box, running) {
    var button = box.querySelector("[data-kb-run]");
    var stop = box.querySelector(".kb-runner__stop");
    if (!stop) {
      stop = el("button", "md-button kb-runner__stop", words(box).stop);
      stop.type = "button";
      stop.addEventListener("click", function () { halt(box); });
      button.parentNode.insertBefore(stop, button.nextSibling);
    }
    stop.hidden = !running;
    button.disabled = running;
    box.setAttribute("aria-busy", running ? "true" : "false");
  }

  // A run that does not end (a loop in the edited code) is stopped by ending its worker: the next
  // run starts another.
  function halt(box) {
    if (worker) worker.terminate();
    worker = null;
    Object.keys(pending).forEach(function (id) { delete pending[id]; });
    // A new runner starts at once, loading while the reader edits: the next Run waits less.
    startWorker();
    worker.postMessage({ id: "warm", warm: true });
    var p = parts(box);
    p.bar.hidden = true;
    p.status.className = "kb-runner__status kb-runner__status--error";
    p.status.textContent = words(box).stopped;
    setButton(box, false);
  }

  // A rule's number in the narration, as a link to the rule (its short address, in the page's
  // language): numbers with a dot anywhere in a told line, and the sections a line ends with,
  // "(103)". The text is the engine's: it is put in text nodes, never read as markup.
  var RULE = /\b\d{3}\.\d+[a-z]?\b|\(\d{3}(?:, \d{3})*\)$/g;
  function ruleUrl(box, id) {
    var root = new URL(box.getAttribute("data-root") || "./", location.href);
    var prefix = box.getAttribute("data-lang") === "en" ? "en/" : "";
    return new URL(prefix + "r/" + id + "/", root).href;
  }
  function linkRule(box, parent, id, w) {
    var a = el("a", "kb-runner__rule", id);
    a.href = ruleUrl(box, id);
    a.title = w.rule_link.replace("{id}", id);
    parent.appendChild(a);
  }
  function fill(box, pre, text, w) {
    pre.textContent = "";
    text.split("\n").forEach(function (line, index) {
      if (index) pre.appendChild(document.createTextNode("\n"));
      if (/^(>>>|\.\.\.) /.test(line)) { pre.appendChild(document.createTextNode(line)); return; }
      var at = 0;
      line.replace(RULE, function (found, offset) {
        pre.appendChild(document.createTextNode(line.slice(at, offset)));
        if (found.charAt(0) === "(") {
          pre.appendChild(document.createTextNode("("));
          found.slice(1, -1).split(", ").forEach(function (id, i) {
            if (i) pre.appendChild(document.createTextNode(", "));
            linkRule(box, pre, id, w);
          });
          pre.appendChild(document.createTextNode(")"));
        } else linkRule(box, pre, found, w);
        at = offset + found.length;
        return found;
      });
      pre.appendChild(document.createTextNode(line.slice(at)));
    });
  }

  function show(box, message, p, w) {
    var lang = box.getAttribute("data-lang");
    if (message.kind === "progress") {
      p.bar.hidden = false;
      if (message.stage === "loading") {
        p.bar.max = message.total;
        p.bar.value = message.loaded;
        p.status.textContent = message.loaded >= message.total ? w.starting
          : w.loading + " (" + megabytes(message.loaded, lang) + " / " + megabytes(message.total, lang) + ")…";
      } else {
        p.bar.removeAttribute("value");
        p.status.textContent = message.stage === "engine" ? w.engine : w.running;
      }
      return false;
    }
    p.bar.hidden = true;
    if (message.kind === "result") {
      // Code with no expected output is never "failed": it shows what happened.
      var outcome = message.outcome || (message.passed ? "passed" : "failed");
      var look = { passed: "passed", failed: "failed", shown: "shown", error: "error", not_doctest: "error" }[outcome] || "failed";
      var label = { passed: w.passed, failed: w.failed, shown: w.shown, error: w.stopped_at_error, not_doctest: w.not_doctest }[outcome] || w.failed;
      p.status.className = "kb-runner__status kb-runner__status--" + look;
      p.status.textContent = label;
      box.setAttribute("data-outcome", outcome);
      fill(box, p.stdout, message.stdout, w);
      p.stderr.textContent = message.stderr;
      p.stderr.hidden = !message.stderr;
    } else {
      p.status.className = "kb-runner__status kb-runner__status--error";
      p.status.setAttribute("role", "alert");
      p.status.textContent = message.kind === "unavailable" ? w.unavailable
        : (message.stage === "load" ? w.load_failed : w.error) + ": " + message.message;
    }
    return true;
  }

  // Send `payload` to the runner (started if need be) and show its progress in `p`; resolves with
  // the answer.
  function ask(box, payload, p, w) {
    return registerServiceWorker(box).then(function () {
      if (!worker) startWorker();
      var id = String(++counter);
      return new Promise(function (done) {
        pending[id] = function (message) {
          if (message.kind === "progress") { show(box, message, p, w); return; }
          delete pending[id];
          p.bar.hidden = true;
          done(message);
        };
        payload.id = id;
        payload.lang = box.getAttribute("data-lang");
        worker.postMessage(payload);
      });
    });
  }

  function now() { return performance.timeOrigin + performance.now(); }

  // When each stage of a Run ended, in ms after the click (`clicked`, ms since the epoch; now if
  // not given): this script ready, the service worker's registration, then the worker's stages
  // (assets/runner-worker.js). Kept on the box as data-run-timings, for whoever measures it.
  function timings(clicked, marks) {
    var out = {};
    Object.keys(marks).sort(function (a, b) { return marks[a] - marks[b]; }).forEach(function (stage) {
      out[stage] = Math.round(marks[stage] - clicked);
    });
    return out;
  }

  function run(box, clicked) {
    clicked = clicked || now();
    var marks = { script: now() };
    var code = box.querySelector("textarea").value;
    var p = parts(box);
    var w = words(box);
    p.status.className = "kb-runner__status";
    p.status.removeAttribute("role");
    p.status.textContent = w.running;
    p.stdout.textContent = "";
    p.stderr.textContent = "";
    p.stderr.hidden = true;
    setButton(box, true);
    var started = performance.now();
    return registerServiceWorker(box).then(function () {
      marks.service_worker = now();
      if (!worker) startWorker();
      var id = String(++counter);
      return new Promise(function (done) {
        pending[id] = function (message) {
          if (!show(box, message, p, w)) return;
          delete pending[id];
          box.setAttribute("data-run-ms", String(Math.round(performance.now() - started)));
          box.setAttribute("data-run-timings", JSON.stringify(timings(clicked, Object.assign(marks, message.timings || {}))));
          setButton(box, false);
          done(message);
        };
        worker.postMessage({
          id: id, code: code, lang: box.getAttribute("data-lang"), name: box.getAttribute("data-name") || "example",
          path: box.getAttribute("data-path") || "<example>", line: Number(box.getAttribute("data-line") || 1)
        });
      });
    });
  }

  function fromEvent(event) {
    var target = event.target;
    if (!target.closest) return null;
    if (event.type === "click") {
      var button = target.closest("[data-kb-run]");
      return button ? button.closest("[data-kb-runner]") : null;
    }
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) return target.closest("[data-kb-runner]");
    return null;
  }

  function onEvent(event) {
    var box = fromEvent(event);
    if (!box || box.getAttribute("aria-busy") === "true") return;
    event.preventDefault();
    run(box);
  }

  // The playground: start from an example (also ?example=NAME) or the blank game; filter the cards.
  function playground() {
    var select = document.querySelector("[data-kb-start]");
    var box = document.querySelector("[data-kb-runner]");
    if (!select || !box) return;
    var textarea = box.querySelector("textarea");
    var blank = textarea.defaultValue;
    var examples = null;
    function choose(name) {
      if (!name) {
        textarea.value = blank;
        ["data-name", "data-path", "data-line"].forEach(function (a) { box.removeAttribute(a); });
        return Promise.resolve();
      }
      var root = new URL(box.getAttribute("data-root") || "./", location.href);
      examples = examples || fetch(new URL("runner/examples.json", root)).then(function (r) { return r.json(); });
      return examples.then(function (list) {
        var found = list.filter(function (e) { return e.name === name; })[0];
        if (!found) return;
        textarea.value = found.code;
        textarea.rows = Math.min(30, found.code.split("\n").length);
        box.setAttribute("data-name", found.name);
        box.setAttribute("data-path", found.path);
        box.setAttribute("data-line", String(found.line));
      });
    }
    select.addEventListener("change", function () { choose(select.value); });
    var wanted = new URLSearchParams(location.search).get("example");
    if (wanted && Array.prototype.some.call(select.options, function (o) { return o.value === wanted; })) {
      select.value = wanted;
      choose(wanted);
    }
    var filter = document.querySelector("[data-kb-card-filter]");
    // Either language's name, or any word of the Oracle text, without case or accents.
    function folded(text) { return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); }
    if (filter) filter.addEventListener("input", function () {
      var query = folded(filter.value.trim());
      document.querySelectorAll(".kb-cards__card").forEach(function (card) {
        card.hidden = query !== "" && folded(card.getAttribute("data-names")).indexOf(query) < 0 &&
          folded(card.textContent).indexOf(query) < 0;
      });
    });
  }

  // The playground without code: a table set from the form (players, life totals, cards in zones,
  // the step to begin at), then moves chosen from the menu the engine gives (kb.examples.playground:
  // every move offered is one the engine takes now), the narration told as it happens.
  function table() {
    var box = document.querySelector("[data-kb-table]");
    if (!box) return;
    var w = words(box);
    var seats = Array.prototype.map.call(box.querySelectorAll(".kb-table__seat"), function () {
      return { hand: [], battlefield: [], graveyard: [] };
    });
    var moves = [];
    var last = null;
    var game = box.querySelector(".kb-table__game");
    var cardInput = box.querySelector("[data-kb-card]");

    function seatNames() {
      var select = box.querySelector("[data-kb-seat]");
      box.querySelectorAll(".kb-table__seat").forEach(function (seat, i) {
        select.options[i].textContent = seat.querySelector("[name=name]").value || String(i + 1);
      });
    }
    function drawZones() {
      box.querySelectorAll(".kb-table__seat").forEach(function (seat, i) {
        var list = seat.querySelector(".kb-table__zones");
        list.textContent = "";
        ["battlefield", "hand", "graveyard"].forEach(function (zone) {
          seats[i][zone].forEach(function (name, k) {
            var item = el("li", null, w["zone_" + zone] + ": " + name + " ");
            var remove = el("button", "kb-table__remove", "✕");
            remove.type = "button";
            remove.setAttribute("aria-label", name + " ✕");
            remove.addEventListener("click", function () { seats[i][zone].splice(k, 1); drawZones(); });
            item.appendChild(remove);
            list.appendChild(item);
          });
        });
      });
    }
    function spec() {
      return {
        players: Array.prototype.map.call(box.querySelectorAll(".kb-table__seat"), function (seat, i) {
          return { name: seat.querySelector("[name=name]").value.trim(), life: Number(seat.querySelector("[name=life]").value),
                   library: Number(seat.querySelector("[name=library]").value), hand: seats[i].hand,
                   battlefield: seats[i].battlefield, graveyard: seats[i].graveyard };
        }),
        step: box.querySelector("[data-kb-step]").value,
        turn: Number(box.querySelector("[data-kb-turn]").value) || 1
      };
    }
    function line(parent, text, rule) {
      var item = el("li");
      item.appendChild(document.createTextNode(text + (rule ? " (" : "")));
      if (rule) { rule.split(", ").forEach(function (id, i) { if (i) item.appendChild(document.createTextNode(", ")); linkRule(box, item, id, w); });
                  item.appendChild(document.createTextNode(")")); }
      parent.appendChild(item);
    }
    function draw(answer, p) {
      game.hidden = false;
      var state = game.querySelector(".kb-table__state");
      var told = game.querySelector(".kb-table__narration");
      var menu = game.querySelector(".kb-table__choices");
      state.textContent = ""; told.textContent = ""; menu.textContent = "";
      if (answer.kind === "error" || answer.kind === "unavailable") { show(box, answer, p, w); return; }
      p.status.className = "kb-runner__status"; p.status.textContent = "";
      var s = answer.state || {};
      if (s.turn) {
        state.appendChild(el("p", "kb-table__turn", w.table_turn.replace("{turn}", s.turn).replace("{step}", s.step).replace("{priority}", s.priority || "—")));
        s.players.forEach(function (player) {
          var row = el("p", "kb-table__player", w.table_life.replace("{name}", player.name).replace("{life}", player.life));
          ["battlefield", "hand", "graveyard"].forEach(function (zone) {
            if (player[zone].length) row.appendChild(document.createTextNode(" · " + w["zone_" + zone] + ": " + player[zone].join(", ")));
          });
          row.appendChild(document.createTextNode(" · " + w.zone_library + ": " + player.library));
          state.appendChild(row);
        });
        if (s.stack.length) state.appendChild(el("p", "kb-table__stack", w.table_stack + ": " + s.stack.join(", ")));
      }
      (answer.narration || []).forEach(function (n) { line(told, n.text, n.rule); });
      if (answer.error) {
        // The move the engine refused is taken back; the reader is told why, in one line (a table
        // that cannot be set, an unknown card say, is told as it is).
        var said = (moves.length ? w.table_refused + ": " : "") + answer.error;
        moves.pop();
        if (last) draw(last, p);
        p.status.className = "kb-runner__status kb-runner__status--error";
        p.status.setAttribute("role", "alert");
        p.status.textContent = said;
        return;
      }
      last = answer;
      menu.appendChild(el("p", "kb-table__next", answer.choices.length ? w.table_next : w.table_none));
      var list = el("ul");
      answer.choices.forEach(function (choice) {
        var item = el("li");
        var button = el("button", "md-button kb-table__choice", choice.label);
        button.type = "button";
        button.addEventListener("click", function () { moves.push(choice.move); go(); });
        item.appendChild(button);
        list.appendChild(item);
      });
      menu.appendChild(list);
      game.querySelector("[data-kb-undo]").disabled = moves.length === 0;
    }
    function go() {
      var p = parts(box);
      p.status.className = "kb-runner__status"; p.status.removeAttribute("role"); p.status.textContent = w.running;
      p.stdout.textContent = ""; p.stderr.hidden = true;
      box.setAttribute("aria-busy", "true");
      return ask(box, { table: spec(), moves: moves.slice() }, p, w).then(function (answer) {
        box.setAttribute("aria-busy", "false");
        draw(answer, p);
      });
    }
    // The names of the cards the engine knows, either language's, without case: a name it does not
    // know is said at once, beside the box, rather than at the start of the game.
    var known = {};
    Array.prototype.forEach.call(document.querySelectorAll("#kb-card-names option"), function (o) { known[o.value.toLowerCase()] = o.value; });
    box.querySelector("[data-kb-add]").addEventListener("click", function () {
      var name = cardInput.value.trim();
      var note = box.querySelector(".kb-table__note");
      if (!name) return;
      if (!known[name.toLowerCase()]) {
        note.textContent = w.table_unknown.replace("{name}", name);
        note.hidden = false;
        cardInput.focus();
        return;
      }
      note.hidden = true;
      name = known[name.toLowerCase()];
      seats[Number(box.querySelector("[data-kb-seat]").value)][box.querySelector("[data-kb-zone]").value].push(name);
      cardInput.value = "";
      drawZones();
    });
    box.querySelectorAll(".kb-table__seat [name=name]").forEach(function (input) { input.addEventListener("input", seatNames); });
    box.querySelector("[data-kb-play]").addEventListener("click", function () { moves = []; last = null; go(); });
    game.querySelector("[data-kb-undo]").addEventListener("click", function () { moves.pop(); go(); });
    game.querySelector("[data-kb-code]").addEventListener("click", function () {
      if (last) { var p = parts(box); p.stdout.textContent = last.code; }
    });
    game.querySelector("[data-kb-save]").addEventListener("click", function () {
      if (!last) return;
      var p = parts(box);
      p.stdout.textContent = last.doctest;
      try { navigator.clipboard.writeText(last.doctest).then(function () { p.status.textContent = w.table_copied; }, function () {}); }
      catch (err) { /* copying is a convenience: the doctest is shown */ }
    });
    // A card of the list goes to the card box at a click.
    document.querySelectorAll(".kb-cards__card dt").forEach(function (dt) {
      dt.addEventListener("click", function () { cardInput.value = dt.querySelector("b").textContent; cardInput.focus(); });
    });
  }

  function ready() { playground(); table(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();

  document.addEventListener("click", onEvent);
  document.addEventListener("keydown", onEvent);
  document.addEventListener("pointerdown", function (event) {
    var button = event.target.closest && event.target.closest("[data-kb-run]");
    var box = button && button.closest("[data-kb-runner]");
    if (box) prepare(box);
  });
  window.kbRunner = { run: run, prepare: prepare, ask: ask, fill: fill, parts: parts, words: words, setButton: setButton };
  document.dispatchEvent(new CustomEvent("kb-runner-ready"));
})();
