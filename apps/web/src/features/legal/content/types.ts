/** A legal document: a title, the date it takes effect, an introduction and numbered sections. */
export interface LegalSection {
  heading: string;
  /** Paragraphs; a paragraph starting with "- " is shown as a list item. */
  paragraphs: readonly string[];
}

export interface LegalDocument {
  title: string;
  effective: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}
