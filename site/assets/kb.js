/* The site's behaviour: Pagefind search in the header, a language switch that keeps the rule
   being read, and the reference graph view. No network access beyond the site's own files. */
(function () {
  "use strict";

  function pagefindScript() {
    var scripts = document.querySelectorAll("script[src]");
    for (var i = 0; i < scripts.length; i++) {
      if (/pagefind\/pagefind-ui\.js(\?|$)/.test(scripts[i].src)) return scripts[i].src;
    }
    return null;
  }

  // A section page holds many rules, so a long page says little about relevance: page length
  // counts for little, and the matching rule shows as a sub-result.
  var RANKING = { pageLength: 0.1 };
  window.kbSearchRanking = RANKING;

  function setupSearch() {
    var box = document.getElementById("kb-search");
    var src = pagefindScript();
    if (!box || !src || typeof window.PagefindUI !== "function") return;
    var bundle = new URL(".", src);
    var root = new URL("..", bundle);
    var d = box.dataset;
    new window.PagefindUI({
      element: "#kb-search",
      bundlePath: bundle.pathname,
      baseUrl: root.pathname,
      showSubResults: true,
      showImages: false,
      excerptLength: 24,
      ranking: RANKING,
      translations: {
        placeholder: d.placeholder,
        zero_results: d.zero,
        one_result: d.one,
        many_results: d.many,
        load_more: d.more,
        clear_search: d.clear,
        searching: d.searching
      }
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape") {
        var input = box.querySelector("input");
        if (input && document.activeElement === input) input.blur();
      }
    });
  }

  // The header's language selector points at the same page in the other language; carry the
  // anchor along so the reader lands on the same rule.
  function setupLanguageSwitch() {
    document.addEventListener("click", function (event) {
      var link = event.target.closest ? event.target.closest("a.md-select__link[hreflang]") : null;
      if (!link || !location.hash) return;
      var href = link.getAttribute("href").split("#")[0];
      link.setAttribute("href", href + location.hash);
    }, true);
  }

  var SVG = "http://www.w3.org/2000/svg";

  function svgEl(name, attrs, text) {
    var el = document.createElementNS(SVG, name);
    for (var key in attrs) el.setAttribute(key, attrs[key]);
    if (text !== undefined) el.textContent = text;
    return el;
  }

  function setupGraph() {
    var root = document.getElementById("kb-graph");
    var dataEl = document.getElementById("kb-graph-data");
    if (!root || !dataEl) return;
    var nodes = JSON.parse(dataEl.textContent);
    var view = root.querySelector(".kb-graph__view");
    var input = root.querySelector("input[name=rule]");
    var list = document.createElement("datalist");
    list.id = "kb-graph-ids";
    Object.keys(nodes).forEach(function (id) {
      var option = document.createElement("option");
      option.value = id;
      list.appendChild(option);
    });
    root.appendChild(list);

    function column(ids, x, label, height, rowHeight) {
      var group = svgEl("g", {});
      group.appendChild(svgEl("text", { x: x, y: 16, "class": "kb-graph__heading", "text-anchor": "middle" }, label));
      ids.forEach(function (id, i) {
        var y = 40 + i * rowHeight;
        var node = nodes[id];
        var a = svgEl("a", { href: "?rule=" + encodeURIComponent(id), "class": "kb-graph__node" });
        a.appendChild(svgEl("title", {}, id + " — " + (node ? node.t : "")));
        a.appendChild(svgEl("rect", { x: x - 60, y: y, width: 120, height: rowHeight - 8, rx: 6 }));
        a.appendChild(svgEl("text", { x: x, y: y + (rowHeight - 8) / 2 + 5, "text-anchor": "middle" }, id));
        group.appendChild(a);
      });
      return group;
    }

    function show(id) {
      view.textContent = "";
      var node = nodes[id];
      if (!node) {
        if (id) {
          var p = document.createElement("p");
          p.textContent = root.dataset.labelUnknown;
          view.appendChild(p);
        }
        return;
      }
      var ins = node.i.filter(function (x) { return nodes[x]; });
      var outs = node.o.filter(function (x) { return nodes[x]; });
      var rowHeight = 34;
      var rows = Math.max(ins.length, outs.length, 1);
      var height = 50 + rows * rowHeight;
      var width = 720;
      var svg = svgEl("svg", { viewBox: "0 0 " + width + " " + height, width: "100%", role: "img", "class": "kb-graph__svg" });
      svg.appendChild(svgEl("title", {}, id));
      var cx = width / 2, cy = 40 + (rows * rowHeight) / 2 - rowHeight / 2;
      ins.forEach(function (x, i) {
        svg.appendChild(svgEl("line", { x1: 160, y1: 40 + i * rowHeight + 13, x2: cx - 70, y2: cy + 13, "class": "kb-graph__edge" }));
      });
      outs.forEach(function (x, i) {
        svg.appendChild(svgEl("line", { x1: cx + 70, y1: cy + 13, x2: width - 160, y2: 40 + i * rowHeight + 13, "class": "kb-graph__edge" }));
      });
      svg.appendChild(column(ins, 100, root.dataset.labelIn + " (" + ins.length + ")", height, rowHeight));
      svg.appendChild(column(outs, width - 100, root.dataset.labelOut + " (" + outs.length + ")", height, rowHeight));
      var centre = svgEl("a", { href: node.u, "class": "kb-graph__centre" });
      centre.appendChild(svgEl("rect", { x: cx - 70, y: cy, width: 140, height: 26, rx: 6 }));
      centre.appendChild(svgEl("text", { x: cx, y: cy + 18, "text-anchor": "middle" }, id));
      svg.appendChild(centre);
      view.appendChild(svg);
      var caption = document.createElement("p");
      var link = document.createElement("a");
      link.href = node.u;
      link.textContent = id;
      caption.appendChild(link);
      caption.appendChild(document.createTextNode(" — " + node.t));
      view.appendChild(caption);
    }

    var params = new URLSearchParams(location.search);
    var current = (params.get("rule") || "").trim();
    if (input) input.value = current;
    show(current);
  }

  document.addEventListener("DOMContentLoaded", function () {
    setupSearch();
    setupLanguageSwitch();
    setupGraph();
  });
})();
