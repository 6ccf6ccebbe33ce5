/**
 * The pictures bundled with the demo association (content/images/), which the public pages show until the board
 * uploads its own: the lake map, the treasurer's card and the heron logo. The only place outside app/site's data
 * modules and the seed that reads content/.
 */
import logoSvg from "#content/images/logo.svg?raw";
import lakeMapImage from "#content/images/lake-map.svg";
import treasurerCardImage from "#content/images/treasurer-contact.svg";

/**
 * The built file's address of each bundled picture (an SVG, served from /assets). The images themselves, not the
 * demo's texts beside them in content/: what a page imports from here goes into its browser bundle.
 */
export const BUNDLED_PICTURES = { lakeMap: lakeMapImage, treasurerCard: treasurerCardImage } as const;

/** The heron logo as SVG markup, drawn inline in the header until a logo is uploaded (decision 018). */
export const BUNDLED_LOGO_SVG: string = logoSvg;
