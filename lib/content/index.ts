export { ContentError, linkedImageUrls, type ContentKind } from "./render";
export { QuestionContentError, renderQuestion, richHtml, type QuestionField } from "./wording";
