// The text of a PDF (pdf-parse), for tests that check what a generated PDF says.
import { PDFParse } from 'pdf-parse';

export async function pdfText(data: Buffer | Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
