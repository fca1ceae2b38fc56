import { locale, type Context } from '@fortune-sheet/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { SHEET_TAMIL_SLOT } from '../model/sheet-locale';
import { SpreadsheetEditor } from './spreadsheet-editor';

async function workbookFile(): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.getCell('A1').value = 2;
  sheet.getCell('A2').value = { formula: 'A1*3', result: 6 };
  return new Blob([await workbook.xlsx.writeBuffer()]);
}

/** Opens the sheet and waits for FortuneSheet's toolbar. */
async function showSheet() {
  const view = render(<SpreadsheetEditor source={source} fileName="answer.xlsx" isReadOnly={false} label="Spreadsheet" loadingLabel="Opening" />);
  const region = await screen.findByTestId('spreadsheet-editor', {}, { timeout: 10_000 });
  const sheet = within(region);
  await sheet.findByRole('toolbar', {}, { timeout: 10_000 });
  return { region, sheet, unmount: view.unmount };
}

let source: Blob;

beforeAll(async () => {
  source = await workbookFile();
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('SpreadsheetEditor', { timeout: 30_000 }, () => {
  it('shows the toolbar in Tamil on the Tamil interface', async () => {
    await i18n.changeLanguage('tn');
    const { sheet } = await showSheet();
    const toolbar = sheet.getByRole('toolbar', { name: 'கருவிப்பட்டை' });
    const names = within(toolbar)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? '');
    // Every item we show, by its tooltip (a menu's button reads "tooltip: current choice").
    const tooltips = ['செயல்தவிர்', 'மீண்டும் செய்', 'வடிவமைப்புத் தூரிகை', 'வடிவமைப்பை அழி', 'நாணயமாக வடிவமை', 'சதவீதமாக வடிவமை', 'தசம இடங்களைக் குறை', 'தசம இடங்களைக் கூட்டு', 'எண் வடிவம்', 'எழுத்தின் அளவு', 'தடித்த எழுத்து (Ctrl+B)', 'சாய்வெழுத்து (Ctrl+I)', 'அடித்த எழுத்து (Alt+Shift+5)', 'அடிக்கோடு', 'எழுத்தின் நிறம்', 'நிரப்பு நிறம்', 'எல்லைக்கோடு', 'கலங்களை இணை', 'கிடைமட்டச் சீரமைப்பு', 'செங்குத்துச் சீரமைப்பு', 'உரை மடிப்பு', 'உறைய வை', 'வரிசைப்படுத்து', 'வரிசைப்படுத்தி வடிகட்டு', 'நிபந்தனை வடிவமைப்பு', 'கூட்டுத்தொகை (SUM)'];
    for (const tooltip of tooltips) expect(names.some((name) => name === tooltip || name.startsWith(`${tooltip}: `)), tooltip).toBe(true);
    expect(within(toolbar).getByRole('button', { name: 'எண் வடிவம்: தானியங்கு' })).toBeInTheDocument();
    // No English word left (key names such as Ctrl+B and SUM aside).
    for (const name of names) expect(name.replace(/\((Ctrl|Alt)[^)]*\)|SUM/g, ''), name).not.toMatch(/[A-Za-z]/);
    expect(sheet.getByRole('button', { name: 'பெரிதாக்கு' })).toBeInTheDocument();
  });

  it('shows the cell menu (right click) in Tamil on the Tamil interface', async () => {
    await i18n.changeLanguage('tn');
    const { region } = await showSheet();
    const cells = region.querySelector('.fortune-cell-area')!;
    fireEvent.mouseDown(cells, { button: 2, clientX: 40, clientY: 10 });
    fireEvent.contextMenu(cells, { clientX: 40, clientY: 10 });
    const menu = await waitFor(() => {
      const found = region.querySelector<HTMLElement>('.fortune-context-menu');
      expect(found).not.toBeNull();
      return found!;
    });
    for (const item of ['நகலெடு', 'ஒட்டு', 'செருகு', 'வரிசை', 'நெடுவரிசை', 'உள்ளடக்கத்தை அழி', 'ஏறுவரிசையில் வரிசைப்படுத்து', 'வடிகட்டு']) expect(menu).toHaveTextContent(item);
    expect(menu.textContent).not.toMatch(/[A-Za-z]/);
  });

  it('keeps FortuneSheet’s English on the English interface, untouched by the Tamil texts', async () => {
    await i18n.changeLanguage('tn');
    (await showSheet()).unmount();
    await i18n.changeLanguage('en');
    const { sheet } = await showSheet();
    expect(sheet.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(sheet.getByRole('button', { name: 'Bold (Ctrl+B)' })).toBeInTheDocument();
    expect(locale({ lang: 'en' } as Context).toolbar.undo).toBe('Undo');
  });

  it('holds Tamil in a slot of FortuneSheet’s own table (a version without it fails here)', async () => {
    await i18n.changeLanguage('tn');
    await showSheet();
    const tamil = locale({ lang: SHEET_TAMIL_SLOT } as Context);
    expect(tamil).not.toBe(locale({ lang: 'en' } as Context));
    expect(tamil.toolbar.bold).toBe('தடித்த எழுத்து (Ctrl+B)');
    expect(tamil.rightclick.paste).toBe('ஒட்டு');
    // Sections we leave in English still come from FortuneSheet's English texts.
    expect(tamil.functionlist).toBe(locale({ lang: 'en' } as Context).functionlist);
    expect(tamil.defaultFmt('₹').map((item) => item.text)).toContain('தானியங்கு');
  });
});
