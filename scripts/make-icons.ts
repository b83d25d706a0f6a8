// `npm run icons`: renders resources/icon.svg into every icon the installers use, committed beside
// it (electron-builder finds them through `directories.buildResources`). Run it after editing the SVG.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import png2icons from 'png2icons';

const resources = path.resolve(import.meta.dirname, '..', 'resources');
const svg = readFileSync(path.join(resources, 'icon.svg'), 'utf8');

const render = (size: number): Buffer =>
  Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng());

const written: string[] = [];
const write = (file: string, data: Buffer | null) => {
  if (data === null) throw new Error(`could not make ${file}`);
  const target = path.join(resources, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, data);
  written.push(`${file} (${data.length} bytes)`);
};

const large = render(1024);
write('icon.png', large);
// Linux desktop entries and AppImage look for sized PNGs in icons/ (freedesktop icon theme sizes).
for (const size of [16, 32, 48, 64, 128, 256, 512, 1024]) write(`icons/${size}x${size}.png`, render(size));
// Windows (NSIS, the exe) and macOS (dmg, the app bundle): one multi-size file each.
write('icon.ico', png2icons.createICO(large, png2icons.BICUBIC2, 0, false, true));
write('icon.icns', png2icons.createICNS(large, png2icons.BICUBIC2, 0));
console.log(`icons: ${written.join(', ')}`);
