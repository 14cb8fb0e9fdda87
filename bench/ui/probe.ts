/**
 * What npm run bench:ui installs in every page before the page's own scripts (page.addInitScript), as plain
 * JavaScript text: a function passed to the browser would be re-serialised from what tsx compiled, and may
 * carry helpers that do not exist there. It fills `window.__ui`:
 *
 * - keys: one record per keydown, seen first by a capture listener on window: its event timeStamp, the
 *   performance.now() of that moment, and `paint`, the milliseconds from then to the next paint (the
 *   usual approximation: a requestAnimationFrame, then a task posted from it, which runs once that frame
 *   has been produced; posted with scheduler.postTask at 'user-blocking' priority, so that it runs before a
 *   page's own tasks waiting for that frame: with a MessageChannel message, Chromium could run the page's
 *   after-paint work first, which then counted as the key's paint); and `settled`, from then to the paint
 *   after the last change to the page's elements that came before the next key (a MutationObserver): the
 *   key's whole effect on screen, what a page draws in later frames included (the same as `paint` when the
 *   key changes nothing but its input's text);
 * - events: every Event Timing entry (type 'event', durationThreshold 16, the lowest the API allows, and
 *   'first-input'): name, startTime, duration (rounded to 8 ms by the browser), processingStart/End;
 * - longTasks, lcp: the long tasks and the largest contentful paint of the page;
 * - ready, readyPainted: performance.now() (navigation start is 0) at the first frame in which the element
 *   of READY is in the page, visible and enabled (asked in the frame's requestAnimationFrame, once a frame
 *   while the page changes: no layout forced by the probe between frames), and once that frame is painted;
 * - running: with `running` (a regular expression of the page's path and query), performance.now() at the
 *   first frame whose address matches it: for our wizard, the step written into the address, which the
 *   app's own code does once it draws the page, whether the server drew it first (app/ssr) or not;
 * - clickAt, chart, chartPainted: the timeStamp of a click on an element matching CLICK, then the first
 *   frame in which an SVG matching CHART is shown after it, and once that frame is painted.
 *
 * `__ui.wait(i)` resolves once keystroke i has painted; `__ui.waitFor(name)` once `__ui[name]` is set.
 */
export function probeScript(opts: {
  ready: string;
  click?: string;
  chart?: string;
  running?: string;
}): string {
  return `(${PROBE})(${JSON.stringify(opts)});`;
}

const PROBE = String.raw`function (opts) {
  var ui = (window.__ui = {
    keys: [], events: [], longTasks: [], lcp: null,
    ready: null, readyPainted: null, running: null, clickAt: null, chart: null, chartPainted: null,
  });
  var waiters = [];
  function wake() {
    waiters = waiters.filter(function (w) {
      if (!w.done()) return true;
      w.resolve();
      return false;
    });
  }
  function until(done) {
    return new Promise(function (resolve) {
      if (done()) resolve();
      else waiters.push({ done: done, resolve: resolve });
    });
  }
  ui.wait = function (i) {
    return until(function () { return ui.keys[i] !== undefined && ui.keys[i].paint !== null; });
  };
  ui.waitFor = function (name) {
    return until(function () { return ui[name] !== null; });
  };
  function afterPaint(cb) {
    requestAnimationFrame(function () {
      scheduler.postTask(function () {
        cb(performance.now());
        wake();
      }, { priority: 'user-blocking' });
    });
  }
  window.addEventListener('keydown', function (e) {
    var rec = { key: e.key, ts: e.timeStamp, t0: performance.now(), paint: null, settled: null };
    ui.keys.push(rec);
    afterPaint(function (t) {
      rec.paint = t - rec.t0;
      if (rec.settled === null) rec.settled = rec.paint;
    });
  }, true);
  new MutationObserver(function () {
    var rec = ui.keys[ui.keys.length - 1];
    if (rec) afterPaint(function (t) { rec.settled = Math.max(rec.settled || 0, t - rec.t0); });
  }).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  function observe(type, options, fn) {
    try {
      new PerformanceObserver(function (list) { list.getEntries().forEach(fn); })
        .observe(Object.assign({ type: type, buffered: true }, options));
    } catch (e) { /* an entry type this browser lacks */ }
  }
  function timing(e) {
    ui.events.push({
      type: e.entryType, name: e.name, start: e.startTime, duration: e.duration,
      processingStart: e.processingStart, processingEnd: e.processingEnd, interactionId: e.interactionId || 0,
    });
  }
  observe('event', { durationThreshold: 16 }, timing);
  observe('first-input', {}, timing);
  observe('longtask', {}, function (e) { ui.longTasks.push({ start: e.startTime, duration: e.duration }); });
  observe('largest-contentful-paint', {}, function (e) { ui.lcp = e.startTime; });
  function shown(el) {
    return !el.disabled && (typeof el.checkVisibility !== 'function' || el.checkVisibility());
  }
  // Whether an element is shown is asked once a frame, in the frame's own requestAnimationFrame (its style
  // and layout, computed then, serve the frame), while the page keeps changing and until it is shown, not
  // at every change between React's commits (paired on a quiet machine, the two ways give the same figures:
  // the layout forced then stood in for the frame's own; docs/QUALITY.md, twelfth session).
  function watchShown(selector, options, found) {
    var asked = false;
    var done = false;
    function check() {
      asked = false;
      if (done) return;
      var el = document.querySelector(selector);
      if (!el) return;
      if (!shown(el)) return ask();
      done = true;
      watch.disconnect();
      found(performance.now());
    }
    function ask() {
      if (asked || done) return;
      asked = true;
      requestAnimationFrame(check);
    }
    var watch = new MutationObserver(ask);
    watch.observe(document, options);
    ask();
  }
  // the task posted from the frame that showed the element runs once that frame has been produced
  function painted(cb) {
    scheduler.postTask(function () {
      cb(performance.now());
      wake();
    }, { priority: 'user-blocking' });
  }
  watchShown(opts.ready, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'class'] }, function (t) {
    ui.ready = t;
    wake();
    painted(function (p) { ui.readyPainted = p; });
  });
  if (opts.running) {
    var running = new RegExp(opts.running);
    (function look() {
      if (!running.test(location.pathname + location.search)) return requestAnimationFrame(look);
      ui.running = performance.now();
      wake();
    })();
  }
  if (opts.click && opts.chart) {
    document.addEventListener('click', function (e) {
      if (ui.clickAt !== null || !(e.target instanceof Element) || !e.target.closest(opts.click)) return;
      ui.clickAt = e.timeStamp;
      watchShown(opts.chart, { childList: true, subtree: true }, function (t) {
        ui.chart = t;
        painted(function (p) { ui.chartPainted = p; });
      });
    }, true);
  }
}`;
