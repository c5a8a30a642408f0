/**
 * Rich text (HTML) with Tiptap, a maintained ProseMirror editor: loaded only when a rich-text field is shown.
 * Stores HTML; the toolbar covers what a rich-text parameter or description needs.
 */
import { useEffect } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';

export interface RichTextProps {
  id: string;
  value: string;
  label: string;
  disabled?: boolean;
  invalid?: boolean;
  onChange(html: string | undefined): void;
}

const TOOLS = [
  { key: 'bold', text: 'B', run: (c: Chain) => c.toggleBold() },
  { key: 'italic', text: 'I', run: (c: Chain) => c.toggleItalic() },
  { key: 'strike', text: 'S', run: (c: Chain) => c.toggleStrike() },
  { key: 'heading', text: 'H2', run: (c: Chain) => c.toggleHeading({ level: 2 }) },
  { key: 'bulletList', text: '•', run: (c: Chain) => c.toggleBulletList() },
  { key: 'orderedList', text: '1.', run: (c: Chain) => c.toggleOrderedList() },
  { key: 'blockquote', text: '❝', run: (c: Chain) => c.toggleBlockquote() },
  { key: 'codeBlock', text: '</>', run: (c: Chain) => c.toggleCodeBlock() },
] as const;
type Chain = ReturnType<NonNullable<ReturnType<typeof useEditor>>['chain']>;

export default function RichText({ id, value, label, disabled, invalid, onChange }: RichTextProps) {
  const { t } = useTranslation('crud');
  const editor = useEditor({
    extensions: [StarterKit],
    content: value || '',
    editable: !disabled,
    editorProps: { attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, ...(invalid ? { 'aria-invalid': 'true' } : {}) } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? undefined : e.getHTML()),
  });
  // A value set from outside (the record loaded) replaces the content; typing does not loop back.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(editor.isEmpty && !value)) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);
  return (
    <div className={`crud-richtext${invalid ? ' crud-richtext--error' : ''}`}>
      {!disabled && (
        <div className="crud-richtext__bar" role="toolbar" aria-label={t('richText')}>
          {TOOLS.map((tool) => (
            <Button
              key={tool.key}
              size="small"
              theme={editor?.isActive(tool.key) ? 'solid' : 'borderless'}
              aria-label={t(`rich.${tool.key}`)}
              onClick={() => editor && tool.run(editor.chain().focus()).run()}
            >
              {tool.text}
            </Button>
          ))}
        </div>
      )}
      <EditorContent editor={editor} className="crud-richtext__body" />
    </div>
  );
}
