/**
 * The widths a stored picture is offered at, shared by the converter (images.server.ts) and by what names a picture
 * by its address alone (the Markdown image rule, app/platform/text/markdown.server.ts). Pure, no imports.
 */

/** The widths, in pixels, a picture is offered at; those wider than the original are left out. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** Variant widths for a picture `width` pixels wide (after orientation): those of IMAGE_WIDTHS not above it, at least one. */
export function variantWidths(width: number): number[] {
  const fitting = IMAGE_WIDTHS.filter((w) => w <= width);
  return fitting.length > 0 ? fitting : [Math.max(1, Math.round(width))];
}
