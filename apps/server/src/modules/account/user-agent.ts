import type { BROWSERS, SYSTEMS } from '@candeia/shared/schemas/account';

export interface Device {
  browser: (typeof BROWSERS)[number] | null;
  os: (typeof SYSTEMS)[number] | null;
  mobile: boolean;
}

/**
 * The browser and system a session was opened from, read from its user agent: only names we
 * know, in the order that tells look-alikes apart (Edge and Opera also say Chrome; Chrome also
 * says Safari; iPadOS may say Macintosh with a touch-only hint we cannot see, so it reads as macOS).
 */
export function deviceOf(userAgent: string | null): Device {
  const ua = userAgent ?? '';
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'edge'
    : /OPR\/|Opera/.test(ua)
      ? 'opera'
      : /SamsungBrowser\//.test(ua)
        ? 'samsung'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'firefox'
          : /Chrome\/|Chromium\/|CriOS\//.test(ua)
            ? 'chrome'
            : /Version\/[\d.]+.*Safari\//.test(ua)
              ? 'safari'
              : null;
  const os = /Android/.test(ua)
    ? 'android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'ios'
      : /Windows NT/.test(ua)
        ? 'windows'
        : /CrOS/.test(ua)
          ? 'chromeos'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macos'
            : /Linux|X11/.test(ua)
              ? 'linux'
              : null;
  const mobile = /Mobi|Android|iPhone|iPad|iPod/.test(ua);
  return { browser, os, mobile };
}
