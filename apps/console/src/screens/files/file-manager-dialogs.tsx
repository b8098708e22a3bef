// The file manager's dialogs: a name (new folder, rename or move), delete, preview and use in a creative.
import { type FileEntry, fileNameProblem, previewKind } from '@adconsole/domain';
import {
  Button,
  ChoiceSelect,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  formatBytes,
  Input,
} from '@adconsole/ui';
import { useState } from 'react';

export interface CreativeChoice {
  id: string;
  label: string;
}

/** The dialog open over the list, with the entry it is about. */
export type FileDialog =
  | { kind: 'folder' }
  | { kind: 'move'; entry: FileEntry }
  | { kind: 'delete'; entry: FileEntry }
  | { kind: 'preview'; entry: FileEntry; url: string }
  | { kind: 'use'; entry: FileEntry }
  | undefined;

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The dialogs of the file manager, the one `dialog` names open. */
export function FileDialogs({
  dialog,
  onClose,
  act,
  creatives,
  onCreateFolder,
  onMove,
  onDelete,
  onUseInCreative,
}: {
  dialog: FileDialog;
  onClose: () => void;
  /** Runs an action, its failure shown above the list. */
  act: (action: () => Promise<unknown>) => void;
  creatives: CreativeChoice[];
  onCreateFolder: (name: string) => Promise<unknown>;
  onMove: (entry: FileEntry, to: string) => Promise<unknown>;
  onDelete: (entry: FileEntry) => Promise<unknown>;
  onUseInCreative: (entry: FileEntry, creativeID: string) => Promise<unknown>;
}) {
  return (
    <>
      <NameDialog
        open={dialog?.kind === 'folder'}
        title="New folder"
        label="Folder name"
        initial=""
        submitLabel="Create folder"
        check={fileNameProblem}
        onClose={onClose}
        onSubmit={onCreateFolder}
      />
      {dialog?.kind === 'move' ? (
        <NameDialog
          open
          title={`Rename or move ${dialog.entry.name}`}
          label="New path"
          description='The path from the top of your files; change the name to rename, the folders to move ("photos/2026/banner.png").'
          initial={dialog.entry.path}
          submitLabel="Save"
          check={(path) =>
            path.split('/').filter(Boolean).map(fileNameProblem).find(Boolean) ??
            (path.trim() === '' ? fileNameProblem('') : undefined)
          }
          onClose={onClose}
          onSubmit={(to) => onMove(dialog.entry, to)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? null : onClose())}
          title={`Delete ${dialog.entry.name}?`}
          description={
            dialog.entry.kind === 'folder'
              ? 'The folder and everything in it are deleted. Links to its files stop working.'
              : 'The file is deleted. Links to it stop working; creatives keep their own copy.'
          }
          confirmLabel={`Delete ${dialog.entry.kind}`}
          cancelLabel="Keep it"
          tone="danger"
          onConfirm={() => act(() => onDelete(dialog.entry))}
        />
      ) : null}
      <Dialog open={dialog?.kind === 'preview'} onOpenChange={(open) => (open ? null : onClose())}>
        {dialog?.kind === 'preview' ? (
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{dialog.entry.name}</DialogTitle>
              <DialogDescription>
                {dialog.entry.contentType} ·{' '}
                {dialog.entry.size === null ? '' : formatBytes(dialog.entry.size)}
              </DialogDescription>
            </DialogHeader>
            {previewKind(dialog.entry.contentType) === 'video' ? (
              <video
                src={dialog.url}
                controls
                className="max-h-96 w-full rounded-md bg-black"
                aria-label={`Preview of ${dialog.entry.name}`}
              />
            ) : (
              <img
                src={dialog.url}
                alt={`Preview of ${dialog.entry.name}`}
                className="max-h-96 w-full rounded-md object-contain"
              />
            )}
          </DialogContent>
        ) : null}
      </Dialog>
      {dialog?.kind === 'use' ? (
        <UseInCreativeDialog
          entry={dialog.entry}
          creatives={creatives}
          onClose={onClose}
          onSubmit={(creativeID) => onUseInCreative(dialog.entry, creativeID)}
        />
      ) : null}
    </>
  );
}

function NameDialog(props: {
  open: boolean;
  title: string;
  label: string;
  description?: string;
  initial: string;
  submitLabel: string;
  check: (value: string) => string | undefined;
  onClose: () => void;
  onSubmit: (value: string) => Promise<unknown>;
}) {
  const [value, setValue] = useState(props.initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) {
          setValue(props.initial);
          setError(undefined);
          props.onClose();
        }
      }}
    >
      <DialogContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            const problem = props.check(value.trim());
            if (problem) return setError(problem);
            setBusy(true);
            try {
              await props.onSubmit(value.trim());
              setValue(props.initial);
              setError(undefined);
              props.onClose();
            } catch (failure) {
              setError(messageOf(failure));
            } finally {
              setBusy(false);
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>{props.title}</DialogTitle>
            {props.description ? <DialogDescription>{props.description}</DialogDescription> : null}
          </DialogHeader>
          <Field label={props.label} error={error}>
            <Input value={value} onChange={(event) => setValue(event.currentTarget.value)} autoFocus />
          </Field>
          <DialogFooter>
            <Button type="submit" loading={busy}>
              {props.submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function UseInCreativeDialog(props: {
  entry: FileEntry;
  creatives: CreativeChoice[];
  onClose: () => void;
  onSubmit: (creativeID: string) => Promise<unknown>;
}) {
  const [creativeID, setCreativeID] = useState<string>('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => (open ? null : props.onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Use {props.entry.name} in a creative</DialogTitle>
          <DialogDescription>The file becomes one of the creative's assets.</DialogDescription>
        </DialogHeader>
        {props.creatives.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            You have no creatives yet: create one in a campaign first.
          </p>
        ) : (
          <Field label="Creative" error={error}>
            {(control) => (
              <ChoiceSelect
                {...control}
                choices={props.creatives.map((creative) => ({ value: creative.id, label: creative.label }))}
                value={creativeID}
                onValueChange={setCreativeID}
                placeholder="Choose a creative"
              />
            )}
          </Field>
        )}
        <DialogFooter>
          <Button
            disabled={creativeID === ''}
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await props.onSubmit(creativeID);
                props.onClose();
              } catch (failure) {
                setError(messageOf(failure));
              } finally {
                setBusy(false);
              }
            }}
          >
            Add to creative
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
