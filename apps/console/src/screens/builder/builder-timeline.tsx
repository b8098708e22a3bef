// The timeline: a playhead over the animation's length, play/pause of the preview, and per layer its
// keyframes (position and opacity at times). A keyframe is added at the playhead for the selected
// layer; once a layer has keyframes, moving it or changing its opacity sets the keyframe at the playhead.
import {
  type AdBuilderAction,
  type AdBuilderState,
  ARTBOARD_LAYER_ID,
  selectedLayerOf,
} from '@adconsole/domain';
import { Button, cn } from '@adconsole/ui';
import { DiamondIcon, DiamondMinusIcon, PauseIcon, PlayIcon } from 'lucide-react';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const STEP_MS = 100;

export interface BuilderTimelineProps {
  state: AdBuilderState;
  dispatch: (action: AdBuilderAction) => void;
  playing: boolean;
  onPlayingChange: (playing: boolean) => void;
}

export function BuilderTimeline({ state, dispatch, playing, onPlayingChange }: BuilderTimelineProps) {
  const selected = selectedLayerOf(state);
  const layers = state.layers.filter((layer) => layer.id !== ARTBOARD_LAYER_ID).reverse();
  const keyframeHere = selected
    ? state.keyframes.some((keyframe) => keyframe.layerID === selected.id && keyframe.time === state.playhead)
    : false;
  const percent = (time: number) => `${(time / state.duration) * 100}%`;

  return (
    <section aria-labelledby="builder-timeline-title" className="grid gap-3" data-slot="builder-timeline">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="builder-timeline-title" className="mr-2 font-medium text-sm">
          Timeline
        </h2>
        <Button
          size="sm"
          variant="outline"
          onClick={() => onPlayingChange(!playing)}
          aria-label={playing ? 'Pause preview' : 'Play preview'}
        >
          {playing ? <PauseIcon aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
          {playing ? 'Pause' : 'Play'}
        </Button>
        <span className="min-w-24 text-muted-foreground text-sm tabular-nums" aria-live="off">
          {seconds(state.playhead)} / {seconds(state.duration)}
        </span>
        <Button
          size="sm"
          variant="outline"
          disabled={!selected}
          onClick={() => selected && dispatch({ type: 'addKeyframe', id: selected.id })}
        >
          <DiamondIcon aria-hidden="true" />
          Add keyframe
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!keyframeHere}
          onClick={() =>
            selected && dispatch({ type: 'removeKeyframe', id: selected.id, time: state.playhead })
          }
        >
          <DiamondMinusIcon aria-hidden="true" />
          Remove keyframe
        </Button>
      </div>
      <input
        type="range"
        aria-label="Playhead"
        aria-valuetext={seconds(state.playhead)}
        min={0}
        max={state.duration}
        step={STEP_MS}
        value={state.playhead}
        onChange={(event) => dispatch({ type: 'seek', time: Number(event.target.value) })}
        className="w-full accent-primary"
      />
      {layers.length > 0 ? (
        <ul className="grid gap-1" aria-label="Keyframes by layer">
          {layers.map((layer) => {
            const keyframes = state.keyframes
              .filter((keyframe) => keyframe.layerID === layer.id)
              .sort((a, b) => a.time - b.time);
            return (
              <li key={layer.id} className="grid grid-cols-[8rem_1fr] items-center gap-2">
                <span
                  className={cn(
                    'truncate text-sm',
                    state.selectedLayer === layer.id ? 'font-medium' : 'text-muted-foreground',
                  )}
                >
                  {layer.name}
                </span>
                <div className="relative h-6 rounded bg-muted">
                  <span
                    aria-hidden="true"
                    className="absolute top-0 bottom-0 w-px bg-primary"
                    style={{ left: percent(state.playhead) }}
                  />
                  {keyframes.map((keyframe) => (
                    <button
                      key={keyframe.time}
                      type="button"
                      aria-label={`${layer.name} keyframe at ${seconds(keyframe.time)}`}
                      aria-current={keyframe.time === state.playhead || undefined}
                      className={cn(
                        '-translate-x-1/2 absolute top-1 size-4 rotate-45 rounded-[2px] border border-primary',
                        keyframe.time === state.playhead ? 'bg-primary' : 'bg-background',
                        'focus-visible:outline-2 focus-visible:outline-ring',
                      )}
                      style={{ left: percent(keyframe.time) }}
                      onClick={() => {
                        dispatch({ type: 'select', id: layer.id });
                        dispatch({ type: 'seek', time: keyframe.time });
                      }}
                    />
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
