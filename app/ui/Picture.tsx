/** The address of one WebP variant of a stored picture (served by app/routes/public/image.ts). */
export function imageUrl(id: string, width: number): string {
  return `/images/${id}/${width}.webp`;
}

/** A stored picture as pages receive it (the shape of `StoredImage` in app/platform/data/images.server.ts). */
export interface PictureImage {
  id: string;
  alt: string;
  /** Pixels, of the largest variant: the box the browser reserves before the picture arrives. */
  width: number;
  height: number;
  /** The variants' widths in pixels, ascending. */
  widths: number[];
}

/**
 * A stored picture in all its widths: `srcset` lets the browser pick by `sizes` and screen density, `src` (a middle
 * width) serves browsers without srcset, `width`/`height` reserve its box (no layout shift). Loaded lazily unless
 * `priority` (a picture at the top of every page, such as the logo: eager and fetched first).
 * @param sizes the CSS `sizes` attribute: how wide the picture is shown ("(min-width: 40rem) 20rem, 100vw")
 * @param alt overrides the picture's own text alternative ("" where a link around it already names it)
 */
export function Picture({ image, sizes, className, priority = false, alt }: { image: PictureImage; sizes: string; className?: string; priority?: boolean; alt?: string }) {
  const middle = image.widths[Math.floor((image.widths.length - 1) / 2)] ?? image.width;
  return (
    <img
      src={imageUrl(image.id, middle)}
      srcSet={image.widths.map((w) => `${imageUrl(image.id, w)} ${w}w`).join(", ")}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      className={className}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
    />
  );
}
