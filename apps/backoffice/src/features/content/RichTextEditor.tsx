import { useEffect, useId, useRef, useState } from 'react';
import {
  Bold,
  Code,
  Heading2,
  Heading3,
  Italic,
  Link2,
  Link2Off,
  List,
  ListOrdered,
  Pilcrow,
  Quote,
  RemoveFormatting,
  type LucideIcon,
} from 'lucide-react';
import { ru } from '../../i18n/ru.ts';

const e = ru.content.editor;

/** The toolbar's commands over the browser's editing (the server sanitises whatever comes out). */
const COMMANDS: { label: string; icon: LucideIcon; run: () => void }[] = [
  { label: e.h2, icon: Heading2, run: () => document.execCommand('formatBlock', false, 'h2') },
  { label: e.h3, icon: Heading3, run: () => document.execCommand('formatBlock', false, 'h3') },
  { label: e.paragraph, icon: Pilcrow, run: () => document.execCommand('formatBlock', false, 'p') },
  { label: e.bold, icon: Bold, run: () => document.execCommand('bold') },
  { label: e.italic, icon: Italic, run: () => document.execCommand('italic') },
  { label: e.bulleted, icon: List, run: () => document.execCommand('insertUnorderedList') },
  { label: e.numbered, icon: ListOrdered, run: () => document.execCommand('insertOrderedList') },
  { label: e.quote, icon: Quote, run: () => document.execCommand('formatBlock', false, 'blockquote') },
  {
    label: e.link,
    icon: Link2,
    run: () => {
      const href = window.prompt(e.linkPrompt, 'https://');
      if (href) document.execCommand('createLink', false, href);
    },
  },
  { label: e.unlink, icon: Link2Off, run: () => document.execCommand('unlink') },
  { label: e.clear, icon: RemoveFormatting, run: () => document.execCommand('removeFormat') },
];

/**
 * A simple rich-text editor (ADR 038): an editable area with a toolbar (headings, emphasis, lists,
 * quotes, links) and a switch to the HTML source. Its value goes to the form's hidden field `name`.
 */
export function RichTextEditor(props: {
  id: string;
  name: string;
  label: string;
  hint: string;
  initial: string;
}) {
  const area = useRef<HTMLDivElement>(null);
  const [html, setHtml] = useState(props.initial);
  const [isSource, setSource] = useState(false);
  const labelId = useId();
  useEffect(() => {
    if (!isSource && area.current && area.current.innerHTML !== html) area.current.innerHTML = html;
    // Only when switching back to the visual view or loading: typing must not reset the caret.
  }, [isSource]);
  return (
    <div className="field wide">
      <span id={labelId} className="label">
        {props.label}
      </span>
      <div className="rte">
        <div className="rte-toolbar" role="toolbar" aria-label={e.toolbar}>
          {COMMANDS.map(({ label, icon: Icon, run }) => (
            <button
              key={label}
              type="button"
              className="rte-button"
              title={label}
              aria-label={label}
              disabled={isSource}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                area.current?.focus();
                run();
                setHtml(area.current?.innerHTML ?? '');
              }}
            >
              <Icon size={16} aria-hidden />
            </button>
          ))}
          <span className="rte-spacer" />
          <button
            type="button"
            className="rte-button rte-mode"
            aria-pressed={isSource}
            onClick={() => setSource(!isSource)}
          >
            <Code size={16} aria-hidden /> {isSource ? e.visual : e.source}
          </button>
        </div>
        {isSource ? (
          <textarea
            id={props.id}
            className="rte-source"
            aria-labelledby={labelId}
            aria-describedby={`${props.id}-hint`}
            value={html}
            onChange={(event) => setHtml(event.target.value)}
            spellCheck={false}
          />
        ) : (
          <div
            id={props.id}
            ref={area}
            className="rte-area rich-text"
            contentEditable
            suppressContentEditableWarning
            role="textbox"
            aria-multiline="true"
            aria-labelledby={labelId}
            aria-describedby={`${props.id}-hint`}
            tabIndex={0}
            onInput={(event) => setHtml(event.currentTarget.innerHTML)}
          />
        )}
      </div>
      <span id={`${props.id}-hint`} className="hint">
        {props.hint}
      </span>
      <input type="hidden" name={props.name} value={html} />
    </div>
  );
}
