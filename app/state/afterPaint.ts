/**
 * Runs `work` once the browser has painted the frame it is about to draw (a requestAnimationFrame, then a
 * task posted from it, which runs after that frame): the results' charts are drawn one per frame
 * (ChartInTurn), each once the one before is on screen. A hidden page draws no frames: `work` then runs after at most
 * `FALLBACK_MS`. Answers nothing; `work` runs once.
 */
const FALLBACK_MS = 100;

export function afterPaint(work: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    window.clearTimeout(timer);
    work();
  };
  const timer = window.setTimeout(run, FALLBACK_MS);
  window.requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      run();
    };
    channel.port2.postMessage(null);
  });
}
