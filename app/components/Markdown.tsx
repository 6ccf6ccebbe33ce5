/**
 * A stored text's HTML, as `renderMarkdown` (app/lib/markdown.server.ts) made it in the route's loader. Only that
 * function's output may be passed here: it is put in the page as it is.
 */
export function Markdown({ html, className }: { html: string; className?: string }) {
  return <div className={className ? `prose-md ${className}` : "prose-md"} dangerouslySetInnerHTML={{ __html: html }} />;
}
