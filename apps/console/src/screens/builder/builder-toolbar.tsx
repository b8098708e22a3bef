// The builder editor's toolbar: the draft's name, the drafts to open, a new canvas, undo and redo,
// save with its status, export and delete.
import type { AdBuilderAction, AdBuilderState } from '@adconsole/domain';
import { Badge, Button, ChoiceSelect, Field, IconButton, Input } from '@adconsole/ui';
import {
  CheckIcon,
  CircleDotIcon,
  FilePlusIcon,
  Redo2Icon,
  SaveIcon,
  Undo2Icon,
  UploadIcon,
} from 'lucide-react';
import { ConfirmDelete } from '../../components/confirm-delete';
import type { CanvasChange } from './builder-editor-hooks';
import type { BuilderDraftProps } from './builder-editor-props';

export function BuilderToolbar({
  state,
  dispatch,
  draft,
  onChange,
  onExport,
}: {
  state: AdBuilderState;
  dispatch: (action: AdBuilderAction) => void;
  draft: BuilderDraftProps;
  /** Opens a draft or starts a new one (asked first when there are unsaved changes). */
  onChange: (next: CanvasChange) => void;
  /** Opens the export dialog. */
  onExport: () => void;
}) {
  const { name, drafts, currentID, saving = false, dirty = false, deleting = false } = draft;
  /** The open draft as saved (its name in the list of drafts). */
  const savedDraft = drafts.find((choice) => choice.id === currentID);
  const nameMissing = name.trim() === '';
  return (
    <div className="flex flex-wrap items-end gap-2" role="toolbar" aria-label="Draft">
      <Field label="Draft name" className="w-56" error={nameMissing ? 'Give the draft a name' : undefined}>
        <Input size="sm" value={name} onChange={(event) => draft.onNameChange(event.target.value)} />
      </Field>
      <Field label="Open draft" className="w-48">
        {(control) => (
          <ChoiceSelect
            {...control}
            size="sm"
            choices={drafts.map((choice) => ({ value: choice.id, label: choice.name }))}
            value={currentID}
            onValueChange={(id) => onChange({ kind: 'open', id })}
            disabled={drafts.length === 0}
            placeholder={drafts.length === 0 ? 'No saved drafts' : 'Choose a draft'}
          />
        )}
      </Field>
      <Button size="sm" variant="outline" onClick={() => onChange({ kind: 'new' })}>
        <FilePlusIcon aria-hidden="true" />
        New
      </Button>
      <IconButton
        size="sm"
        variant="outline"
        aria-label="Undo"
        title="Undo (Ctrl+Z)"
        disabled={state.history.length === 0}
        onClick={() => dispatch({ type: 'undo' })}
      >
        <Undo2Icon aria-hidden="true" />
      </IconButton>
      <IconButton
        size="sm"
        variant="outline"
        aria-label="Redo"
        title="Redo (Ctrl+Shift+Z)"
        disabled={state.future.length === 0}
        onClick={() => dispatch({ type: 'redo' })}
      >
        <Redo2Icon aria-hidden="true" />
      </IconButton>
      <Button
        size="sm"
        onClick={() => draft.onSave().catch(() => undefined)}
        disabled={nameMissing}
        loading={saving}
      >
        {saving ? null : <SaveIcon aria-hidden="true" />}
        Save draft
      </Button>
      {/* Always there, so a screen reader hears it change. */}
      <span role="status" className="flex h-8 items-center" data-slot="builder-save-status">
        {dirty ? (
          <Badge variant="warning" data-dirty="">
            <CircleDotIcon aria-hidden="true" />
            Unsaved changes
          </Badge>
        ) : currentID ? (
          <Badge variant="outline" className="text-muted-foreground">
            <CheckIcon aria-hidden="true" />
            All changes saved
          </Badge>
        ) : null}
      </span>
      <Button size="sm" variant="secondary" onClick={onExport} disabled={nameMissing}>
        <UploadIcon aria-hidden="true" />
        Export
      </Button>
      {savedDraft && draft.onDelete ? (
        <div className="ml-auto">
          <ConfirmDelete
            name={savedDraft.name}
            what="draft"
            label="Delete draft"
            ariaLabel={`Delete draft ${savedDraft.name}`}
            consequence="The draft is deleted for good, with any unsaved changes, and a new canvas opens. A creative it exported stays in its campaign."
            variant="outline"
            disabled={deleting}
            onConfirm={draft.onDelete}
          />
        </div>
      ) : null}
    </div>
  );
}
