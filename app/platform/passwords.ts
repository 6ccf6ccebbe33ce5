/**
 * Password length limits, in characters (OWASP ASVS 5.0 §6.2: at least 8, allow at least 64): the rule every
 * password follows, whether set at start (ADMIN_PASSWORD), by `npm run admin`, at /setup or through a reset link.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
