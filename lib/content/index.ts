export { ContentError, linkedImageUrls, questionImageUrl, type ContentKind, type KnownImages } from "./render";
export { QuestionContentError, questionImageIds, renderQuestion, richHtml, type QuestionField, type QuestionTexts } from "./wording";
