import { deflateSync } from 'node:zlib';
import { concatTransformationMatrix, drawObject, PDFDocument, PDFName, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generateCorpusSheet } from './omr.corpus.js';
import { OMR_UPLOAD_MAX_PAGES, openUpload, sniffUpload } from './omr.pages.js';
import { loadGreyImage, recogniseSheet } from './omr.recognise.js';

const scan = { dpi: 150, rotateDeg: 1.5, skewDeg: 0, blurSigma: 0, noise: 3, perspective: 0 };
const photo = { ...scan, dpi: 200, perspective: 0.05 };
const count = { questionCountFor: () => 180 };

describe('omr uploads', () => {
  it('reads each page of a scanner PDF (JPEG and lossless images) and of a multi-page TIFF', async () => {
    const [a, b] = await Promise.all([generateCorpusSheet(11, photo), generateCorpusSheet(12, scan)]);
    const doc = await PDFDocument.create();
    for (const image of [await doc.embedJpg(a.file), await doc.embedPng(await sharp(b.file).removeAlpha().png().toBuffer())]) {
      doc.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
    }
    const source = await openUpload(await doc.save());
    expect(source).toMatchObject({ kind: 'pdf', pageCount: 2 });
    expect(recogniseSheet(await source.page(0), count).rollNumber).toBe(a.truth.rollReadable ? a.truth.rollNumber : null);
    expect(recogniseSheet(await source.page(1), count).testId).toBe(b.truth.testId);

    const tiff = await sharp(b.file).tiff().toBuffer();
    const single = await openUpload(tiff);
    expect(single).toMatchObject({ kind: 'tiff', pageCount: 1 });
    expect(recogniseSheet(await single.page(0), count).testId).toBe(b.truth.testId);
  }, 60_000);

  it('reads a page image stored as Flate with PNG predictors, in RGB or an ICC-based grey, as a browser’s “save as PDF” writes it', async () => {
    const sheet = await generateCorpusSheet(13, scan);
    const doc = await PDFDocument.create();
    for (const channels of [3, 1] as const) {
      const { data, info } = await sharp(sheet.file).removeAlpha().toColourspace(channels === 1 ? 'b-w' : 'srgb').raw().toBuffer({ resolveWithObject: true });
      // Each row: a PNG filter byte (1 = Sub, each byte less the one a pixel before) and the row's bytes.
      const rowBytes = info.width * channels;
      const predicted = Buffer.alloc((rowBytes + 1) * info.height);
      for (let y = 0; y < info.height; y += 1) {
        predicted[y * (rowBytes + 1)] = 1;
        for (let x = 0; x < rowBytes; x += 1) {
          const left = x >= channels ? data[y * rowBytes + x - channels]! : 0;
          predicted[y * (rowBytes + 1) + 1 + x] = (data[y * rowBytes + x]! - left) & 0xff;
        }
      }
      const colorSpace = channels === 3 ? PDFName.of('DeviceRGB') : [PDFName.of('ICCBased'), doc.context.register(doc.context.flateStream(Buffer.alloc(16), { N: 1 }))];
      const image = doc.context.register(
        doc.context.stream(deflateSync(predicted), {
          Type: 'XObject',
          Subtype: 'Image',
          Width: info.width,
          Height: info.height,
          BitsPerComponent: 8,
          ColorSpace: colorSpace,
          Filter: 'FlateDecode',
          DecodeParms: { Predictor: 15, Colors: channels, BitsPerComponent: 8, Columns: info.width },
        }),
      );
      const page = doc.addPage([595, 842]);
      const name = page.node.newXObject('Im', image);
      page.pushOperators(pushGraphicsState(), concatTransformationMatrix(595, 0, 0, 842, 0, 0), drawObject(name), popGraphicsState());
    }
    const source = await openUpload(await doc.save());
    const direct = recogniseSheet(await loadGreyImage(sheet.file), count);
    for (const index of [0, 1]) {
      const read = recogniseSheet(await source.page(index), count);
      expect(read.testId).toBe(sheet.truth.testId);
      expect(read.questions.map((q) => q.answer)).toEqual(direct.questions.map((q) => q.answer));
    }
  }, 60_000);

  it('refuses what is not a PDF or an image, an empty file and a corrupt PDF', async () => {
    expect(sniffUpload(Buffer.from('name,roll\n'))).toBeNull();
    await expect(openUpload(Buffer.from('name,roll\n'))).rejects.toMatchObject({ code: 'OMR_UPLOAD_NOT_SHEETS' });
    await expect(openUpload(Buffer.alloc(0))).rejects.toMatchObject({ code: 'OMR_UPLOAD_EMPTY' });
    await expect(openUpload(Buffer.from('%PDF-1.7\ngarbage'))).rejects.toMatchObject({ code: 'OMR_UPLOAD_UNREADABLE' });
  });

  it(`refuses more than ${OMR_UPLOAD_MAX_PAGES} pages`, async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i <= OMR_UPLOAD_MAX_PAGES; i += 1) doc.addPage([100, 100]);
    await expect(openUpload(await doc.save())).rejects.toMatchObject({ code: 'OMR_UPLOAD_TOO_MANY_PAGES' });
  });

  it('says a PDF page without a scan is not a sheet', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]).drawText('hello');
    const source = await openUpload(await doc.save());
    await expect(source.page(0)).rejects.toMatchObject({ code: 'OMR_UPLOAD_NOT_SHEETS' });
  });
});
