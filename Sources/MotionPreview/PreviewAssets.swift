/// The preview page's own stylesheet, markup and script (the stage's are the HTML export's).
///
/// Everything is inline: the page makes no request but, with `--serve`, its WebSocket to
/// `/events`. Its class names start with `pv-`, apart from the export's `motionc-` ones.
enum PreviewAssets {
    /// The page's layout and its light and dark themes (following the system).
    static let stylesheet = #"""
        :root {
          color-scheme: light dark;
          --pv-bg: #eef0f3; --pv-panel: #ffffff; --pv-raised: #f6f7f9; --pv-line: #dde0e6;
          --pv-text: #1c1e22; --pv-muted: #677080; --pv-accent: #2f6bff; --pv-accent-soft: rgba(47, 107, 255, 0.12);
          --pv-curve: #2f6bff; --pv-fitted: #c2410c; --pv-error: #d92d20; --pv-warning: #b54708; --pv-ok: #067647;
          --pv-checker: #e3e6eb;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --pv-bg: #141518; --pv-panel: #1c1e22; --pv-raised: #24272c; --pv-line: #30343b;
            --pv-text: #e7e9ed; --pv-muted: #949cab; --pv-accent: #6e9bff; --pv-accent-soft: rgba(110, 155, 255, 0.16);
            --pv-curve: #7ea6ff; --pv-fitted: #fb923c; --pv-error: #f97066; --pv-warning: #fdb022; --pv-ok: #47cd89;
            --pv-checker: #1a1c20;
          }
        }
        [hidden] { display: none !important; }
        html, body { height: 100%; }
        body {
          margin: 0; background: var(--pv-bg); color: var(--pv-text); overflow: hidden;
          font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
        }
        .pv-app { display: grid; grid-template-rows: 44px 1fr; height: 100vh; }
        .pv-bar {
          display: flex; align-items: center; gap: 12px; padding: 0 16px; background: var(--pv-panel);
          border-bottom: 1px solid var(--pv-line); min-width: 0;
        }
        .pv-logo { font-weight: 650; letter-spacing: 0.01em; }
        .pv-logo span { color: var(--pv-muted); font-weight: 500; }
        .pv-file { color: var(--pv-muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; flex: 1; min-width: 0; }
        .pv-file b { color: var(--pv-text); font-weight: 600; }
        .pv-status {
          display: inline-flex; align-items: center; gap: 6px; padding: 3px 10px; border-radius: 999px;
          background: var(--pv-raised); border: 1px solid var(--pv-line); color: var(--pv-muted); white-space: nowrap;
        }
        .pv-status::before { content: ""; width: 7px; height: 7px; border-radius: 50%; background: var(--pv-muted); }
        .pv-status[data-state="live"]::before { background: var(--pv-ok); }
        .pv-status[data-state="error"] { color: var(--pv-error); }
        .pv-status[data-state="error"]::before { background: var(--pv-error); }
        .pv-status[data-state="offline"]::before { background: var(--pv-warning); }
        .pv-main { display: grid; grid-template-columns: minmax(0, 1fr) 440px; min-height: 0; }
        .pv-left { display: grid; grid-template-rows: minmax(0, 1fr) auto; min-width: 0; min-height: 0; }
        .pv-viewport {
          position: relative; overflow: hidden; min-height: 0;
          background-color: var(--pv-bg);
          background-image: linear-gradient(45deg, var(--pv-checker) 25%, transparent 25%, transparent 75%, var(--pv-checker) 75%),
            linear-gradient(45deg, var(--pv-checker) 25%, transparent 25%, transparent 75%, var(--pv-checker) 75%);
          background-size: 16px 16px; background-position: 0 0, 8px 8px;
        }
        .pv-scaler {
          position: absolute; left: 0; top: 0; transform-origin: 0 0;
          box-shadow: 0 1px 2px rgba(0,0,0,0.12), 0 8px 28px rgba(0,0,0,0.16);
        }
        /* The stage is a layer of its own: its frames repaint it alone, not the shadow and backdrop. */
        .pv-stage { position: relative; contain: strict; will-change: transform; }
        .pv-stage .motionc-layer { cursor: pointer; }
        .pv-stage .pv-selected { outline: 2px solid var(--pv-accent); outline-offset: 2px; }
        .pv-empty { position: absolute; inset: 0; display: grid; place-items: center; color: var(--pv-muted); }
        .pv-problems {
          position: absolute; left: 16px; right: 16px; bottom: 16px; max-height: 60%; overflow: auto;
          background: color-mix(in srgb, var(--pv-panel) 94%, transparent); border: 1px solid var(--pv-error);
          border-left-width: 4px; border-radius: 8px; box-shadow: 0 8px 30px rgba(0,0,0,0.25); padding: 12px 14px;
        }
        .pv-problems h2 { margin: 0 0 8px; font-size: 13px; color: var(--pv-error); }
        .pv-problems summary { margin-top: 8px; color: var(--pv-muted); cursor: pointer; font-size: 12px; }
        .pv-problems pre {
          margin: 8px 0 0; font: 12px/1.45 ui-monospace, "SF Mono", Menlo, Consolas, monospace; white-space: pre-wrap;
          color: var(--pv-text);
        }
        .pv-transport {
          display: grid; grid-template-columns: auto auto auto minmax(120px, 1fr) auto auto auto; align-items: center;
          gap: 10px; padding: 10px 16px; background: var(--pv-panel); border-top: 1px solid var(--pv-line);
        }
        .pv-button {
          width: 34px; height: 30px; display: grid; place-items: center; border-radius: 7px;
          border: 1px solid var(--pv-line); background: var(--pv-raised); color: var(--pv-text); cursor: pointer; padding: 0;
        }
        .pv-button:hover { border-color: var(--pv-accent); }
        .pv-button svg { width: 14px; height: 14px; fill: currentColor; }
        .pv-play { background: var(--pv-accent); border-color: var(--pv-accent); color: #fff; }
        .pv-play .pv-icon-pause, .pv-playing .pv-play .pv-icon-play { display: none; }
        .pv-playing .pv-play .pv-icon-pause { display: block; }
        /* The scrubber's picture is a fill and a thumb that animations move on the compositor, in step with
           the stage; the range input over them, transparent, takes the pointer and the keyboard. */
        .pv-scrub { position: relative; height: 20px; min-width: 0; contain: strict; }
        .pv-scrub-track {
          position: absolute; left: 7px; right: 7px; top: 8px; height: 4px; border-radius: 2px;
          background: var(--pv-line); overflow: hidden;
        }
        .pv-scrub-fill {
          position: absolute; inset: 0; background: var(--pv-accent); transform-origin: 0 50%; transform: scaleX(0);
          will-change: transform;
        }
        .pv-scrub-run { position: absolute; left: 7px; right: 7px; top: 0; bottom: 0; pointer-events: none; }
        .pv-scrub-thumb { position: absolute; inset: 0; will-change: transform; }
        .pv-scrub-thumb i {
          position: absolute; left: -7px; top: 3px; width: 14px; height: 14px; box-sizing: border-box; border-radius: 50%;
          background: var(--pv-accent); border: 2px solid var(--pv-panel); box-shadow: 0 0 0 1px var(--pv-accent);
        }
        .pv-scrub:has(.pv-scrubber:focus-visible) .pv-scrub-thumb i { outline: 2px solid var(--pv-accent); outline-offset: 2px; }
        .pv-scrubber {
          position: absolute; inset: 0; width: 100%; height: 100%; margin: 0; opacity: 0; cursor: pointer;
          -webkit-appearance: none; appearance: none; background: none;
        }
        .pv-scrubber::-webkit-slider-thumb { -webkit-appearance: none; appearance: none; width: 14px; height: 14px; }
        .pv-scrubber::-moz-range-thumb { width: 14px; height: 14px; border: 0; }
        .pv-clock {
          will-change: transform; contain: layout paint; font-variant-numeric: tabular-nums; white-space: nowrap; color: var(--pv-muted);
          font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 12px;
        }
        .pv-clock b { color: var(--pv-text); font-weight: 600; display: inline-block; width: 9ch; text-align: right; }
        .pv-clock span { display: inline-block; width: 19ch; overflow: hidden; vertical-align: bottom; }
        .pv-field { display: inline-flex; align-items: center; gap: 6px; color: var(--pv-muted); white-space: nowrap; }
        .pv-field select {
          font: inherit; color: var(--pv-text); background: var(--pv-raised); border: 1px solid var(--pv-line);
          border-radius: 6px; padding: 3px 6px;
        }
        .pv-field input { accent-color: var(--pv-accent); }
        .pv-side { display: grid; grid-template-rows: auto minmax(0, 1fr); background: var(--pv-panel); border-left: 1px solid var(--pv-line); min-height: 0; }
        .pv-tabs { display: flex; gap: 2px; padding: 8px 10px 0; border-bottom: 1px solid var(--pv-line); }
        .pv-tab {
          font: inherit; color: var(--pv-muted); background: none; border: 0; border-bottom: 2px solid transparent;
          padding: 6px 10px 8px; cursor: pointer;
        }
        .pv-tab[aria-selected="true"] { color: var(--pv-text); border-bottom-color: var(--pv-accent); font-weight: 600; }
        .pv-count {
          display: inline-block; min-width: 18px; padding: 0 5px; margin-left: 4px; border-radius: 9px;
          background: var(--pv-raised); font-size: 11px; text-align: center; font-variant-numeric: tabular-nums;
        }
        .pv-panel { overflow: auto; min-height: 0; }
        .pv-panel[hidden] { display: none; }
        .pv-curve {
          padding: 8px 14px 10px; border-bottom: 1px solid var(--pv-line); cursor: pointer;
          content-visibility: auto; contain-intrinsic-size: auto 96px;
        }
        .pv-curve:hover { background: var(--pv-raised); }
        .pv-curve.pv-selected { background: var(--pv-accent-soft); box-shadow: inset 3px 0 0 var(--pv-accent); }
        .pv-curve-head { display: flex; align-items: center; gap: 8px; margin-bottom: 4px; height: 20px; }
        .pv-curve-name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--pv-muted); }
        .pv-curve-name b { color: var(--pv-text); font-weight: 600; }
        /* A layer of its own: rewriting the number repaints it alone, not the panel around it. */
        .pv-value {
          display: inline-block; width: 11ch; height: 16px; contain: strict; will-change: transform; text-align: right; font-variant-numeric: tabular-nums; font-size: 12px;
          font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace;
        }
        .pv-method { font-size: 11px; padding: 0 6px; border-radius: 4px; border: 1px solid var(--pv-line); color: var(--pv-muted); }
        .pv-method[data-method="fitted"] { color: var(--pv-fitted); border-color: color-mix(in srgb, var(--pv-fitted) 45%, transparent); }
        .pv-method[data-method="approximated"] { color: var(--pv-warning); border-color: color-mix(in srgb, var(--pv-warning) 45%, transparent); }
        .pv-method[data-method="dropped"] { color: var(--pv-error); border-color: color-mix(in srgb, var(--pv-error) 45%, transparent); }
        .pv-plot { position: relative; width: 400px; height: 56px; }
        .pv-plot svg { display: block; overflow: visible; }
        .pv-plot .pv-grid { stroke: var(--pv-line); stroke-width: 1; }
        .pv-plot .pv-line { fill: none; stroke: var(--pv-curve); stroke-width: 1.6; stroke-linejoin: round; }
        .pv-plot .pv-line-fitted { fill: none; stroke: var(--pv-fitted); stroke-width: 1.6; stroke-dasharray: 4 3; }
        .pv-plot .pv-key { fill: var(--pv-panel); stroke: var(--pv-curve); stroke-width: 1.4; }
        .pv-plot .pv-key-fitted { fill: var(--pv-panel); stroke: var(--pv-fitted); stroke-width: 1.4; }
        .pv-plot .pv-axis { fill: var(--pv-muted); font-size: 10px; font-variant-numeric: tabular-nums; }
        .pv-cursor {
          position: absolute; top: -2px; bottom: -2px; left: 0; width: 1px; background: var(--pv-accent);
          will-change: transform; pointer-events: none;
        }
        .pv-legend {
          display: flex; gap: 16px; padding: 8px 14px; color: var(--pv-muted); font-size: 11px;
          border-bottom: 1px solid var(--pv-line); white-space: nowrap;
        }
        .pv-legend span { display: inline-flex; align-items: center; }
        .pv-dot { display: inline-block; width: 6px; height: 6px; border-radius: 50%; border: 1.4px solid var(--pv-curve); margin-right: 5px; }
        .pv-bar-mark { display: inline-block; width: 1px; height: 11px; background: var(--pv-accent); margin-right: 5px; }
        .pv-range { color: var(--pv-muted); font-size: 11px; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .pv-legend i { display: inline-block; width: 18px; height: 0; margin-right: 5px; border-top: 2px solid var(--pv-curve); }
        .pv-legend i.pv-dash { border-top: 2px dashed var(--pv-fitted); }
        .pv-table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
        .pv-table th { position: sticky; top: 0; background: var(--pv-panel); text-align: left; font-weight: 600; color: var(--pv-muted); }
        .pv-table th, .pv-table td { padding: 6px 10px; border-bottom: 1px solid var(--pv-line); }
        .pv-table tr:has(+ .pv-where-row) td { border-bottom: 0; padding-bottom: 0; }
        .pv-table .pv-where-row td { padding-top: 0; font-size: 11px; }
        .pv-table td.pv-num { text-align: right; font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 12px; }
        .pv-diagnostic { padding: 10px 14px; border-bottom: 1px solid var(--pv-line); }
        .pv-where { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 12px; color: var(--pv-muted); }
        .pv-code { font-weight: 650; margin-right: 6px; }
        .pv-code[data-severity="error"] { color: var(--pv-error); }
        .pv-code[data-severity="warning"] { color: var(--pv-warning); }
        .pv-note { padding: 14px; color: var(--pv-muted); }
        """#

    /// Where ``body`` takes the stage's elements.
    static let stagePlaceholder = "<!-- stage -->\n"

    /// The page's markup around the stage.
    static let body = #"""
        <div class="pv-app" id="pv-app">
          <header class="pv-bar">
            <div class="pv-logo">motionc <span>preview</span></div>
            <div class="pv-file" id="pv-file"></div>
            <div class="pv-status" id="pv-status" data-state="static">static page</div>
          </header>
          <main class="pv-main">
            <section class="pv-left">
              <div class="pv-viewport" id="pv-viewport">
                <div class="pv-scaler" id="pv-scaler"><div class="pv-stage" id="pv-stage">
        <!-- stage -->
        </div></div>
                <div class="pv-empty" id="pv-empty" hidden>No stage yet: fix the errors below and save.</div>
                <div class="pv-problems" id="pv-problems" role="alert" hidden>
                  <h2 id="pv-problems-title">Errors</h2>
                  <div id="pv-problems-list"></div>
                  <details id="pv-problems-details"><summary>As motionc prints them</summary><pre id="pv-problems-text"></pre></details>
                </div>
              </div>
              <div class="pv-transport" id="pv-transport">
                <button class="pv-button pv-play" id="pv-play" title="Play or pause (Space)" aria-label="Play or pause">
                  <svg class="pv-icon-play" viewBox="0 0 14 14"><path d="M3 1.5v11l9.5-5.5z"/></svg>
                  <svg class="pv-icon-pause" viewBox="0 0 14 14"><path d="M2.5 1.5h3.2v11H2.5zM8.3 1.5h3.2v11H8.3z"/></svg>
                </button>
                <button class="pv-button" id="pv-back" title="Previous frame (Left; Shift: ten)" aria-label="Previous frame">
                  <svg viewBox="0 0 14 14"><path d="M2 1.5h2v11H2zM12.5 1.5v11L5 7z"/></svg>
                </button>
                <button class="pv-button" id="pv-forward" title="Next frame (Right; Shift: ten)" aria-label="Next frame">
                  <svg viewBox="0 0 14 14"><path d="M10 1.5h2v11h-2zM1.5 1.5v11L9 7z"/></svg>
                </button>
                <div class="pv-scrub">
                  <div class="pv-scrub-track"><div class="pv-scrub-fill" id="pv-scrub-fill"></div></div>
                  <div class="pv-scrub-run"><div class="pv-scrub-thumb" id="pv-scrub-thumb"><i></i></div></div>
                  <input class="pv-scrubber" id="pv-scrubber" type="range" min="0" max="1" step="any" value="0" aria-label="Time">
                </div>
                <div class="pv-clock"><b id="pv-seconds">0.000 s</b> <span id="pv-frame">frame 0 / 0</span></div>
                <label class="pv-field">Speed
                  <select id="pv-speed">
                    <option value="0.1">0.1×</option><option value="0.25">0.25×</option><option value="0.5">0.5×</option>
                    <option value="0.75">0.75×</option><option value="1" selected>1×</option><option value="1.5">1.5×</option>
                    <option value="2">2×</option>
                  </select>
                </label>
                <label class="pv-field"><input type="checkbox" id="pv-loop" checked> Loop</label>
              </div>
            </section>
            <aside class="pv-side">
              <nav class="pv-tabs" role="tablist">
                <button class="pv-tab" role="tab" id="pv-tab-curves" data-panel="pv-curves" aria-selected="true">Curves<span class="pv-count" id="pv-count-curves">0</span></button>
                <button class="pv-tab" role="tab" id="pv-tab-report" data-panel="pv-report" aria-selected="false">Export report<span class="pv-count" id="pv-count-report">0</span></button>
                <button class="pv-tab" role="tab" id="pv-tab-warnings" data-panel="pv-warnings" aria-selected="false">Warnings<span class="pv-count" id="pv-count-warnings">0</span></button>
              </nav>
              <div class="pv-panel" id="pv-curves" role="tabpanel"></div>
              <div class="pv-panel" id="pv-report" role="tabpanel" hidden></div>
              <div class="pv-panel" id="pv-warnings" role="tabpanel" hidden></div>
            </aside>
          </main>
        </div>
        """#

    /// The page's behaviour: transport, curves, selection, and live updates.
    static let script = #"""
        (() => {
          "use strict";
          const $ = (id) => document.getElementById(id);
          const PLOT_WIDTH = 400, PLOT_HEIGHT = 56, PAD = 6;
          const SVG = "http://www.w3.org/2000/svg";
          const initial = JSON.parse($("pv-data").textContent);
          const state = {
            t: 0, playing: false, speed: 1, loop: true, selected: null, last: 0,
            version: initial.version, instance: initial.instance, stage: null, animations: [], scrub: [], rows: [], visible: new Set(), textAt: -Infinity,
            frameTimes: [], tickCosts: [], problems: initial.type === "problems", shownSeconds: "", shownFrame: "",
          };

          // ---- stage ----
          function canvasElement() { return document.getElementById("motionc-canvas"); }
          function collectAnimations() {
            const canvas = canvasElement();
            state.animations = canvas ? document.getAnimations().filter((a) => {
              const target = a.effect && a.effect.target;
              return target && canvas.contains(target);
            }) : [];
            for (const a of state.animations) a.pause();
          }
          function fitStage() {
            const stage = state.stage;
            if (!stage) return;
            const viewport = $("pv-viewport");
            const margin = 24;
            const w = viewport.clientWidth - 2 * margin, h = viewport.clientHeight - 2 * margin;
            const scale = Math.max(0.05, Math.min(1, w / stage.width, h / stage.height));
            const left = Math.max(margin, (viewport.clientWidth - stage.width * scale) / 2);
            const top = Math.max(margin, (viewport.clientHeight - stage.height * scale) / 2);
            $("pv-scaler").style.transform = `translate(${Math.round(left)}px, ${Math.round(top)}px) scale(${scale})`;
            $("pv-stage").style.width = stage.width + "px";
            $("pv-stage").style.height = stage.height + "px";
          }

          // ---- time ----
          function duration() { return state.stage ? state.stage.duration : 0; }
          function fps() { return state.stage && state.stage.fps > 0 ? state.stage.fps : 60; }
          function clampTime(t) { return Math.min(Math.max(t, 0), duration()); }
          // Paused, every stage animation, the scrubber's fill and thumb, and the cursor sweeps of the
          // curves on screen are held at the playhead. Playing, they play by themselves from it at the
          // chosen speed, so that the browser's compositor runs them; each frame only reads the
          // playhead from their start time, and every TEXT_INTERVAL ms rewrites the numbers and the
          // range input's value (which is transparent: it takes the pointer and the keyboard).
          const TEXT_INTERVAL = 100;
          function timed() {
            const all = state.animations.concat(state.scrub);
            for (const row of state.rows) if (row.sweep) all.push(row.sweep);
            return all;
          }
          function applyTime() {
            const ms = state.t * 1000;
            for (const a of timed()) a.currentTime = ms;
            showTime();
          }
          function showTime() {
            const now = performance.now();
            if (state.playing && now - state.textAt < TEXT_INTERVAL) return;
            state.textAt = now;
            $("pv-scrubber").value = String(state.t);
            const d = duration();
            const f = fps();
            const seconds = state.t.toFixed(3) + " s";
            const frame = `frame ${Math.floor(state.t * f + 1e-6)} / ${Math.round(d * f)}`;
            // Text changes only when it reads differently: no relayout of the clock otherwise.
            if (seconds !== state.shownSeconds) { $("pv-seconds").textContent = seconds; state.shownSeconds = seconds; }
            if (frame !== state.shownFrame) { $("pv-frame").textContent = frame; state.shownFrame = frame; }
            updateCurves(!state.playing);
          }
          function startAnimations() {
            const ms = state.t * 1000;
            for (const a of timed()) { a.playbackRate = state.speed; a.currentTime = ms; a.play(); }
          }
          function holdAnimations() {
            for (const a of timed()) a.pause();
            state.textAt = -Infinity;
            applyTime();
          }
          // Where the playing animations are: the first one's start time on the document's timeline
          // (they start together); the clock's own count until the browser has set it.
          function playhead(now) {
            const first = state.animations[0] || state.scrub[0];
            const timeline = document.timeline.currentTime;
            if (first && first.startTime !== null && timeline !== null) return ((timeline - first.startTime) * state.speed) / 1000;
            const dt = Math.min(Math.max(now - state.last, 0), 250) / 1000;
            return state.t + dt * state.speed;
          }
          function seek(t) { state.t = clampTime(t); applyTime(); }
          function step(frames) {
            if (state.playing) setPlaying(false);
            const f = fps();
            seek((Math.round(state.t * f) + frames) / f);
          }
          function setPlaying(playing) {
            if (playing && !state.stage) return;
            if (!playing && state.playing) state.t = clampTime(playhead(performance.now()));
            state.playing = playing;
            $("pv-app").classList.toggle("pv-playing", playing);
            if (playing) {
              if (state.t >= duration() && !state.loop) state.t = 0;
              state.last = performance.now();
              startAnimations();
              requestAnimationFrame(tick);
            } else {
              holdAnimations();
            }
          }
          function setSpeed(speed) {
            if (state.playing) state.t = clampTime(playhead(performance.now()));
            state.speed = speed;
            if (state.playing) startAnimations();
          }
          function tick(now) {
            if (!state.playing) return;
            const started = performance.now();
            let t = playhead(now);
            state.last = now;
            const d = duration();
            if (t >= d) {
              if (state.loop && d > 0) {
                state.t = t % d;
                startAnimations();
              } else {
                state.t = d;
                state.playing = false;
                $("pv-app").classList.remove("pv-playing");
                holdAnimations();
              }
            } else {
              state.t = t;
            }
            showTime();
            state.frameTimes.push(now);
            state.tickCosts.push(performance.now() - started);
            if (state.frameTimes.length > 1200) { state.frameTimes.shift(); state.tickCosts.shift(); }
            if (state.playing) requestAnimationFrame(tick);
          }

          // The scrubber's fill and thumb cross it linearly over the document's duration.
          function buildScrub() {
            for (const a of state.scrub) a.cancel();
            state.scrub = [];
            const d = duration();
            if (!(d > 0)) return;
            const timing = { duration: d * 1000, fill: "both", easing: "linear" };
            state.scrub.push(
              $("pv-scrub-fill").animate([{ transform: "scaleX(0)" }, { transform: "scaleX(1)" }], timing),
              $("pv-scrub-thumb").animate([{ transform: "translateX(0%)" }, { transform: "translateX(100%)" }], timing));
            for (const a of state.scrub) a.pause();
          }

          // ---- curves ----
          function sampleAt(curve, t) {
            const s = curve.samples;
            if (!s.length) return 0;
            const x = t / curve.step;
            const i = Math.floor(x);
            if (i >= s.length - 1) return s[s.length - 1];
            if (i < 0) return s[0];
            const u = x - i;
            return u < 1e-9 ? s[i] : s[i] + (s[i + 1] - s[i]) * u;
          }
          function format(v) {
            const a = Math.abs(v);
            if (a >= 10000) return v.toFixed(1);
            if (a >= 100) return v.toFixed(2);
            if (a >= 1) return v.toFixed(3);
            return v.toFixed(4);
          }
          // Rows off screen skip their updates while playing (a 100-target document has hundreds of
          // curves); they catch up when they scroll into view and whenever the playhead stops. The
          // cursor of a row on screen moves by its sweep, an animation that plays in step with the
          // stage's; a row off screen has none, and its cursor is set where the playhead stops.
          function updateRow(row) {
            row.value.textContent = format(sampleAt(row.curve, state.t));
            const d = duration();
            if (!row.sweep) row.cursor.style.transform = `translateX(${d > 0 ? (state.t / d) * PLOT_WIDTH : 0}px)`;
          }
          function startSweep(row) {
            const d = duration();
            if (row.sweep || !(d > 0)) return;
            const sweep = row.cursor.animate([{ transform: "translateX(0px)" }, { transform: `translateX(${PLOT_WIDTH}px)` }],
              { duration: d * 1000, fill: "both", easing: "linear" });
            row.sweep = sweep;
            const reference = state.animations[0] || state.scrub[0];
            if (!state.playing || !reference) { sweep.pause(); sweep.currentTime = state.t * 1000; return; }
            sweep.playbackRate = state.speed;
            // The same start time as the stage's: in step frame after frame. Until the browser has
            // given the stage one, from the same time, and then the same start time.
            const align = () => {
              if (row.sweep !== sweep || !state.playing || reference.startTime === null) return false;
              sweep.playbackRate = reference.playbackRate;
              sweep.startTime = reference.startTime;
              return true;
            };
            if (align()) return;
            sweep.currentTime = reference.currentTime;
            sweep.play();
            reference.ready.then(align, () => {});
          }
          function stopSweep(row) {
            if (!row.sweep) return;
            row.sweep.cancel();
            row.sweep = null;
            updateRow(row);
          }
          function updateCurves(all) {
            for (const row of state.rows) {
              if (all || state.visible.has(row.element)) updateRow(row);
            }
          }
          function plot(curve, d) {
            const svg = document.createElementNS(SVG, "svg");
            svg.setAttribute("width", PLOT_WIDTH); svg.setAttribute("height", PLOT_HEIGHT);
            svg.setAttribute("viewBox", `0 0 ${PLOT_WIDTH} ${PLOT_HEIGHT}`);
            let lo = Infinity, hi = -Infinity;
            for (const v of curve.samples) { if (v < lo) lo = v; if (v > hi) hi = v; }
            for (const k of curve.keyframes) { if (k[1] < lo) lo = k[1]; if (k[1] > hi) hi = k[1]; }
            if (!(lo <= hi)) { lo = 0; hi = 0; }
            if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
            const x = (t) => (d > 0 ? (t / d) * PLOT_WIDTH : 0);
            const y = (v) => PAD + (1 - (v - lo) / (hi - lo)) * (PLOT_HEIGHT - 2 * PAD);
            const grid = document.createElementNS(SVG, "path");
            grid.setAttribute("class", "pv-grid");
            grid.setAttribute("d", `M0 ${PAD}H${PLOT_WIDTH}M0 ${PLOT_HEIGHT - PAD}H${PLOT_WIDTH}`);
            svg.appendChild(grid);
            const fitted = (t) => curve.fitted.some((s) => t >= s[0] && t <= s[1]);
            let solid = "", dashed = "", lastSolid = false, lastDashed = false;
            const n = curve.samples.length;
            for (let i = 0; i + 1 < n; i++) {
              const t0 = i * curve.step, t1 = Math.min((i + 1) * curve.step, d);
              const p0 = `${x(t0).toFixed(2)} ${y(curve.samples[i]).toFixed(2)}`;
              const p1 = `${x(t1).toFixed(2)} ${y(curve.samples[i + 1]).toFixed(2)}`;
              if (fitted((t0 + t1) / 2)) {
                dashed += lastDashed ? `L${p1}` : `M${p0}L${p1}`; lastDashed = true; lastSolid = false;
              } else {
                solid += lastSolid ? `L${p1}` : `M${p0}L${p1}`; lastSolid = true; lastDashed = false;
              }
            }
            if (n === 1) solid = `M0 ${y(curve.samples[0]).toFixed(2)}H${PLOT_WIDTH}`;
            for (const [cls, path] of [["pv-line", solid], ["pv-line-fitted", dashed]]) {
              if (!path) continue;
              const p = document.createElementNS(SVG, "path");
              p.setAttribute("class", cls); p.setAttribute("d", path);
              svg.appendChild(p);
            }
            let lastX = -10;
            for (const [t, v] of curve.keyframes) {
              const cx = x(Math.min(t, d));
              if (cx - lastX < 3) continue;
              lastX = cx;
              const c = document.createElementNS(SVG, "circle");
              c.setAttribute("class", fitted(t) ? "pv-key-fitted" : "pv-key");
              c.setAttribute("cx", cx.toFixed(2)); c.setAttribute("cy", y(v).toFixed(2)); c.setAttribute("r", "2.6");
              const title = document.createElementNS(SVG, "title");
              title.textContent = `${fitted(t) ? "fitted " : ""}keyframe at ${t.toFixed(3)} s: ${format(v)}`;
              c.appendChild(title);
              svg.appendChild(c);
            }
            return svg;
          }
          function rangeText(curve) {
            let lo = Infinity, hi = -Infinity;
            for (const v of curve.samples) { if (v < lo) lo = v; if (v > hi) hi = v; }
            return lo <= hi ? `${format(lo)} – ${format(hi)}` : "";
          }
          let observer = null;
          function buildCurves() {
            const panel = $("pv-curves");
            panel.replaceChildren();
            for (const row of state.rows) if (row.sweep) row.sweep.cancel();
            state.rows = [];
            state.visible.clear();
            if (observer) observer.disconnect();
            observer = new IntersectionObserver((entries) => {
              for (const e of entries) {
                const row = state.rows.find((r) => r.element === e.target);
                if (!e.isIntersecting) {
                  state.visible.delete(e.target);
                  if (row) stopSweep(row);
                  continue;
                }
                state.visible.add(e.target);
                if (row) { startSweep(row); updateRow(row); }
              }
            }, { root: panel });
            const stage = state.stage;
            const curves = stage ? stage.curves : [];
            $("pv-count-curves").textContent = String(curves.length);
            if (!curves.length) {
              const note = document.createElement("div");
              note.className = "pv-note";
              note.textContent = stage ? "Nothing moves in this document." : "No stage.";
              panel.appendChild(note);
              return;
            }
            const legend = document.createElement("div");
            legend.className = "pv-legend";
            legend.innerHTML = "<span><i></i>exact</span><span><i class=\"pv-dash\"></i>fitted</span><span><b class=\"pv-dot\"></b>keyframe</span><span><b class=\"pv-bar-mark\"></b>playhead</span>";
            panel.appendChild(legend);
            for (const curve of curves) {
              const row = document.createElement("div");
              row.className = "pv-curve";
              row.dataset.target = curve.target;
              row.dataset.property = curve.property;
              const head = document.createElement("div");
              head.className = "pv-curve-head";
              const name = document.createElement("span");
              name.className = "pv-curve-name";
              name.append("#" + curve.target + " ");
              const prop = document.createElement("b");
              prop.textContent = curve.property;
              name.appendChild(prop);
              const method = document.createElement("span");
              method.className = "pv-method";
              method.dataset.method = curve.method;
              method.textContent = curve.method;
              const value = document.createElement("span");
              value.className = "pv-value";
              const range = document.createElement("span");
              range.className = "pv-range";
              range.textContent = rangeText(curve);
              head.append(name, range, method, value);
              const plotBox = document.createElement("div");
              plotBox.className = "pv-plot";
              plotBox.appendChild(plot(curve, stage.duration));
              const cursor = document.createElement("div");
              cursor.className = "pv-cursor";
              plotBox.appendChild(cursor);
              row.append(head, plotBox);
              row.addEventListener("click", () => select(curve.target, "curves"));
              panel.appendChild(row);
              observer.observe(row);
              state.rows.push({ element: row, curve, value, cursor, sweep: null });
            }
          }
          function buildReport() {
            const panel = $("pv-report");
            panel.replaceChildren();
            const items = state.stage ? state.stage.report : [];
            $("pv-count-report").textContent = String(items.length);
            if (!items.length) {
              const note = document.createElement("div");
              note.className = "pv-note";
              note.textContent = "Nothing to export: no property moves.";
              panel.appendChild(note);
              return;
            }
            const table = document.createElement("table");
            table.className = "pv-table";
            const head = table.createTHead().insertRow();
            for (const h of ["target", "property", "method", "keyframes", "largest error"]) {
              const th = document.createElement("th"); th.textContent = h; head.appendChild(th);
            }
            const body = table.createTBody();
            for (const item of items) {
              const tr = body.insertRow();
              tr.dataset.target = item.target;
              tr.insertCell().textContent = "#" + item.target;
              tr.insertCell().textContent = item.property;
              const m = tr.insertCell();
              const badge = document.createElement("span");
              badge.className = "pv-method"; badge.dataset.method = item.method; badge.textContent = item.method;
              if (item.reason) badge.title = item.reason;
              m.appendChild(badge);
              const k = tr.insertCell(); k.className = "pv-num"; k.textContent = String(item.keyframes);
              const e = tr.insertCell(); e.className = "pv-num"; e.textContent = item.maxError === 0 ? "0" : item.maxError.toPrecision(3);
              tr.addEventListener("click", () => select(item.target, "report"));
              if (item.line !== null) {
                const where = body.insertRow();
                where.className = "pv-where-row";
                const cell = where.insertCell();
                cell.colSpan = 5;
                cell.className = "pv-where";
                cell.textContent = `${state.stage.file}:${item.line}:${item.column}` + (item.reason ? ` · ${item.reason}` : "");
                where.addEventListener("click", () => select(item.target, "report"));
              }
            }
            panel.appendChild(table);
          }
          function diagnosticElement(d) {
            const box = document.createElement("div");
            box.className = "pv-diagnostic";
            box.dataset.code = d.code;
            const line = document.createElement("div");
            const code = document.createElement("span");
            code.className = "pv-code"; code.dataset.severity = d.severity; code.textContent = `${d.severity}[${d.code}]`;
            line.append(code, d.message);
            const where = document.createElement("div");
            where.className = "pv-where";
            where.textContent = `${d.file}:${d.line}:${d.column}`;
            box.append(line, where);
            if (d.help) {
              const help = document.createElement("div");
              help.className = "pv-where"; help.textContent = "help: " + d.help;
              box.appendChild(help);
            }
            return box;
          }
          function buildWarnings(diagnostics, notes) {
            const panel = $("pv-warnings");
            panel.replaceChildren();
            $("pv-count-warnings").textContent = String(diagnostics.length + notes.length);
            for (const d of diagnostics) panel.appendChild(diagnosticElement(d));
            for (const n of notes) {
              const note = document.createElement("div"); note.className = "pv-note"; note.textContent = n; panel.appendChild(note);
            }
            if (!diagnostics.length && !notes.length) {
              const note = document.createElement("div");
              note.className = "pv-note"; note.textContent = "No warnings.";
              panel.appendChild(note);
            }
          }

          // ---- selection ----
          function select(id, from) {
            state.selected = id;
            const canvas = canvasElement();
            if (canvas) {
              for (const el of canvas.querySelectorAll(".pv-selected")) el.classList.remove("pv-selected");
              if (id !== null) {
                const el = document.getElementById(id);
                if (el && canvas.contains(el)) el.classList.add("pv-selected");
              }
            }
            let first = null;
            for (const row of state.rows) {
              const on = row.curve.target === id;
              row.element.classList.toggle("pv-selected", on);
              if (on && !first) first = row.element;
            }
            if (from === "stage" && first) {
              showTab("pv-curves");
              first.scrollIntoView({ block: "nearest" });
            }
          }
          $("pv-stage").addEventListener("click", (e) => {
            const layer = e.target.closest && e.target.closest(".motionc-layer");
            select(layer ? layer.id : null, "stage");
          });

          // ---- tabs ----
          function showTab(panelId) {
            for (const tab of document.querySelectorAll(".pv-tab")) {
              const on = tab.dataset.panel === panelId;
              tab.setAttribute("aria-selected", on ? "true" : "false");
              $(tab.dataset.panel).hidden = !on;
            }
          }
          for (const tab of document.querySelectorAll(".pv-tab")) tab.addEventListener("click", () => showTab(tab.dataset.panel));

          // ---- problems over the stage ----
          function showProblems(message) {
            state.problems = true;
            const list = $("pv-problems-list");
            list.replaceChildren();
            const errors = message.diagnostics.filter((d) => d.severity === "error");
            for (const d of message.diagnostics) list.appendChild(diagnosticElement(d));
            if (message.readError) {
              const note = document.createElement("div"); note.className = "pv-note"; note.textContent = message.readError;
              list.appendChild(note);
            }
            // Before any good stage (a server started on a broken file) there is none to show.
            const count = `${errors.length} error${errors.length === 1 ? "" : "s"}`;
            $("pv-problems-title").textContent = message.readError ? "The file cannot be read" :
              state.stage ? `${count}: showing the last good stage` : count;
            $("pv-problems-text").textContent = message.rendered || "";
            $("pv-problems").hidden = false;
            $("pv-empty").hidden = !!state.stage;
            setStatus("error", message.readError ? "cannot read the file" : `${errors.length} error${errors.length === 1 ? "" : "s"}`);
          }
          function hideProblems() {
            state.problems = false;
            $("pv-problems").hidden = true;
            $("pv-empty").hidden = true;
          }
          function setStatus(kind, text) {
            const s = $("pv-status");
            s.dataset.state = kind; s.textContent = text;
          }

          // ---- loading a stage ----
          function installStage(message, markup) {
            const stage = message.stage;
            if (markup) {
              $("pv-export-style").textContent = stage.css;
              $("pv-stage").innerHTML = stage.elements;
            }
            state.stage = stage;
            $("pv-file").replaceChildren();
            const name = document.createElement("b"); name.textContent = stage.name;
            $("pv-file").append(name, "  " + stage.file + `  ·  ${stage.width}×${stage.height}, ${stage.fps} fps, ${stage.duration.toFixed(3)} s`);
            document.title = stage.name + " · motionc preview";
            $("pv-scrubber").max = String(Math.max(stage.duration, 1e-6));
            collectAnimations();
            buildScrub();
            buildCurves();
            buildReport();
            buildWarnings(message.diagnostics, stage.notes);
            fitStage();
            hideProblems();
            state.t = clampTime(state.t);
            if (state.selected !== null) select(state.selected, "update");
            applyTime();
            if (state.playing) startAnimations();
          }
          function receive(message, markup) {
            if (message.type === "stage") {
              installStage(message, markup);
              if (message.live) setStatus("live", "live · updated " + new Date().toLocaleTimeString());
            } else {
              showProblems(message);
            }
          }

          // ---- controls ----
          $("pv-play").addEventListener("click", () => setPlaying(!state.playing));
          $("pv-back").addEventListener("click", () => step(-1));
          $("pv-forward").addEventListener("click", () => step(1));
          $("pv-scrubber").addEventListener("input", (e) => {
            if (state.playing) setPlaying(false);
            seek(parseFloat(e.target.value) || 0);
          });
          $("pv-speed").addEventListener("change", (e) => setSpeed(parseFloat(e.target.value) || 1));
          $("pv-loop").addEventListener("change", (e) => { state.loop = e.target.checked; });
          document.addEventListener("keydown", (e) => {
            if (e.target && e.target.tagName === "SELECT") return;
            if (e.ctrlKey || e.metaKey || e.altKey) return;
            switch (e.key) {
              case " ": setPlaying(!state.playing); break;
              case "ArrowLeft": step(e.shiftKey ? -10 : -1); break;
              case "ArrowRight": step(e.shiftKey ? 10 : 1); break;
              case "Home": if (state.playing) setPlaying(false); seek(0); break;
              case "End": if (state.playing) setPlaying(false); seek(duration()); break;
              default: return;
            }
            e.preventDefault();
          }, true);
          new ResizeObserver(fitStage).observe($("pv-viewport"));

          // ---- live updates ----
          function connect() {
            const socket = new WebSocket(`ws://${location.host}/events`);
            socket.onopen = () => { if (!state.problems) setStatus("live", "live"); };
            socket.onmessage = (e) => {
              const message = JSON.parse(e.data);
              // The numbers start at 1 in every server: a server started again (another document,
              // or the file edited while it was down) is told apart by its instance.
              if (message.version === state.version && message.instance === state.instance) return;
              state.version = message.version;
              state.instance = message.instance;
              receive(message, true);
            };
            socket.onclose = () => { setStatus("offline", "disconnected: retrying"); setTimeout(connect, 1000); };
          }

          // ---- start ----
          if (initial.stage) {
            installStage(initial, false);
          } else {
            buildCurves(); buildReport(); buildWarnings([], []);
          }
          if (initial.type === "problems") showProblems(initial);
          if (initial.live) { if (!state.problems) setStatus("live", "live"); connect(); }
          window.motionPreview = {
            state,
            seek,
            get animations() { return state.animations; },
            frameIntervals() {
              const f = state.frameTimes; const out = [];
              for (let i = 1; i < f.length; i++) out.push(f[i] - f[i - 1]);
              return out;
            },
          };
        })();
        """#
}
