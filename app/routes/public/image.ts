import { Readable } from "node:stream";
import { data } from "react-router";
import type { Route } from "./+types/image";
import { getServices } from "#app/web/context.server.ts";
import { getImage, IMAGE_ID, variantFile } from "#app/platform/files/images.server.ts";

/**
 * One WebP variant of a picture: `/images/<id>/<width>.webp`. A variant never changes (a new picture gets a new id),
 * so browsers and proxies may keep it a year. `X-Content-Type-Options: nosniff` (set on every response by helmet in
 * server/app.ts) keeps a browser from reading it as anything but an image.
 * 404 for an unknown picture or a width it was not made at.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, images } = getServices(context);
  const width = /^(\d{1,4})\.webp$/.exec(params.file)?.[1];
  if (!width || !IMAGE_ID.test(params.id)) throw data(null, { status: 404 });
  const image = await getImage(db, params.id);
  const file = image?.widths.includes(Number(width)) ? await images.get(variantFile(image.id, Number(width))) : undefined;
  if (!file) throw data(null, { status: 404 });
  return new Response(Readable.toWeb(file.stream) as ReadableStream, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(file.size),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
