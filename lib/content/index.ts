export { ContentError, linkedImageUrls, questionImageUrl, type ContentKind, type KnownImages } from "./render";
export { QuestionContentError, questionImageIds, RENDERING_VERSION, renderQuestion, richContent, richHtml, upgradedRendering, type QuestionField, type QuestionTexts } from "./wording";
// Screens take the rendered texts' types from here, never from the table definitions.
export type { RenderedQuestion, RenderedWording } from "@/db/schema";
