/**
 * The frame measure of the screen benches' pages, one for the viewer and the editor so their figures
 * compare: every animation frame's interval (rAF to rAF) and its work (from its rAF to the first task
 * after it was painted: script, style, layout and paint), for `ms`. `eachFrame` runs at the start of
 * every frame (the editor's pointer move), inside the measured work.
 */
export interface FrameFigures {
  frames: number;
  /** Time between consecutive frames (rAF to rAF), ms. */
  intervals: number[];
  /** Main-thread time of each frame: from its rAF to the first task after it was painted, ms. */
  work: number[];
}

export function sampleFrames(ms: number, eachFrame?: (n: number) => void): Promise<FrameFigures> {
  return new Promise((resolve) => {
    const intervals: number[] = [];
    const work: number[] = [];
    // A message posted in the rAF is delivered as the first task after that frame's paint.
    const channel = new MessageChannel();
    let frameStart = 0;
    channel.port1.onmessage = () => work.push(performance.now() - frameStart);
    let last = 0;
    let n = 0;
    let running = true;
    const onFrame = (t: number) => {
      if (!running) return;
      frameStart = performance.now();
      if (last) intervals.push(t - last);
      last = t;
      channel.port2.postMessage(null);
      n += 1;
      eachFrame?.(n);
      requestAnimationFrame(onFrame);
    };
    requestAnimationFrame(onFrame);
    setTimeout(() => {
      running = false;
      channel.port1.close();
      resolve({ frames: intervals.length, intervals, work });
    }, ms);
  });
}
