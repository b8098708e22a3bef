// The builder editor's behaviour apart from what it draws: the keyboard shortcuts, the preview's
// playback and the unsaved-changes question before the canvas is replaced or left.
import type { AdBuilderAction, AdBuilderState } from '@adconsole/domain';
import { type RefObject, useEffect, useState } from 'react';
import type { BuilderDraftProps } from './builder-editor-props';
import { builderShortcut, isFieldTarget } from './builder-keys';

/** The editor's state and dispatch as of the last render, for handlers set up once. */
export type LatestEditor = RefObject<{ state: AdBuilderState; dispatch: (action: AdBuilderAction) => void }>;

/** Shortcuts anywhere on the page, except while typing in a field or inside a dialog. */
export function useBuilderShortcuts(latest: LatestEditor): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isFieldTarget(event.target)) return;
      const action = builderShortcut(event, latest.current.state.selectedLayer);
      if (!action) return;
      event.preventDefault();
      latest.current.dispatch(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [latest]);
}

/** The preview: the playhead runs from where it stands (or from the start) to the end. */
export function usePreviewPlayback(latest: LatestEditor) {
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!playing) return;
    const { state: current, dispatch: send } = latest.current;
    const from = current.playhead >= current.duration ? 0 : current.playhead;
    const started = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const time = Math.min(latest.current.state.duration, from + (now - started));
      send({ type: 'seek', time });
      if (time >= latest.current.state.duration) setPlaying(false);
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, latest]);
  return { playing, setPlaying };
}

/** A change that replaces the canvas, waiting on the unsaved-changes question. */
export type CanvasChange = { kind: 'open'; id: string } | { kind: 'new' };

/**
 * The unsaved-changes question: asked before the canvas is replaced (another draft, a new one) or
 * left, when there are unsaved changes; answered by saving, discarding or staying.
 */
export function useUnsavedQuestion(draft: BuilderDraftProps) {
  const { dirty = false, drafts, leaving } = draft;
  const [pending, setPending] = useState<CanvasChange | undefined>();
  /** Save was chosen in the unsaved-changes question (its failure is shown there, not an older one). */
  const [savingFromQuestion, setSavingFromQuestion] = useState(false);

  const change = (next: CanvasChange) => (next.kind === 'open' ? draft.onOpen(next.id) : draft.onNew());
  /** Replaces the canvas, or first asks what to do with the unsaved changes. */
  const guarded = (next: CanvasChange) => (dirty ? setPending(next) : change(next));
  const question = pending ?? (leaving ? 'leave' : undefined);
  const consequence =
    question === undefined
      ? ''
      : question === 'leave'
        ? 'Leaving this draft closes the canvas.'
        : question.kind === 'new'
          ? 'Starting a new draft replaces the canvas.'
          : `Opening “${drafts.find((choice) => choice.id === question.id)?.name ?? 'the draft'}” replaces the canvas.`;
  /** The question is answered: go on with what was asked (Discard, or Save once it succeeded). */
  const goOn = () => {
    setSavingFromQuestion(false);
    if (pending) {
      setPending(undefined);
      change(pending);
    } else leaving?.onLeave();
  };
  const stay = () => {
    setSavingFromQuestion(false);
    if (pending) setPending(undefined);
    else leaving?.onStay();
  };
  const save = () => {
    setSavingFromQuestion(true);
    draft.onSave().then(goOn, () => undefined);
  };
  return { guarded, open: question !== undefined, consequence, goOn, stay, save, savingFromQuestion };
}
