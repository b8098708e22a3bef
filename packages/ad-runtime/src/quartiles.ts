// Which video events a playback position reaches. The frame reports the position while the video
// plays; this decides start, the quartiles and complete (each once; the caller dedupes per impression).

type VideoEvent = 'start' | 'firstQuartile' | 'midpoint' | 'thirdQuartile' | 'complete';

const STEPS = ['start', 'firstQuartile', 'midpoint', 'thirdQuartile'] as const;

export interface QuartileTracker {
  /** The video plays at `time` of `duration` seconds: the events reached since the last call. */
  progress(time: number, duration: number): VideoEvent[];
  /** The video ended: any step not yet reached, then complete. */
  ended(): VideoEvent[];
}

export function quartileTracker(): QuartileTracker {
  let reached = 0;
  let completed = false;
  let last = 0;
  const ended = (): VideoEvent[] => {
    if (completed) return [];
    const events: VideoEvent[] = [...STEPS.slice(reached), 'complete'];
    reached = STEPS.length;
    completed = true;
    return events;
  };
  return {
    progress(time, duration) {
      if (!(duration > 0) || !(time >= 0)) return [];
      // A looping video never fires `ended`: jumping back from its last quarter is the end of a play.
      const events = time + 0.5 < last && last >= duration * 0.75 ? ended() : [];
      last = time;
      while (reached < STEPS.length && time >= (duration * reached) / 4)
        events.push(STEPS[reached++] as VideoEvent);
      return events;
    },
    ended,
  };
}
