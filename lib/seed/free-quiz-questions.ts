import type { SeedQuestion } from "./content-types";

/**
 * Ten questions for the sample free-entry quiz (sponsored prizes, no fee), its own: none is in
 * the demo (whose answers are public) or in the paid quiz.
 */
export const freeQuizQuestions: readonly SeedQuestion[] = [
  {
    text: "What is the sum of the interior angles of a hexagon?",
    subject: "Mathematics",
    options: ["540°", "720°", "900°", "360°"],
    correctOptionIndex: 1,
    hi: { text: "षट्भुज के आंतरिक कोणों का योग कितना होता है?", options: ["540°", "720°", "900°", "360°"] },
  },
  {
    text: "What is the least common multiple of 12 and 18?",
    subject: "Mathematics",
    options: ["36", "72", "6", "216"],
    correctOptionIndex: 0,
    hi: { text: "12 और 18 का लघुत्तम समापवर्त्य (LCM) क्या है?", options: ["36", "72", "6", "216"] },
  },
  {
    text: "Which organ of the human body produces insulin?",
    subject: "Biology",
    options: ["Liver", "Kidney", "Pancreas", "Stomach"],
    correctOptionIndex: 2,
    hi: { text: "मानव शरीर का कौन-सा अंग इंसुलिन बनाता है?", options: ["यकृत", "गुर्दा", "अग्न्याशय", "आमाशय"] },
  },
  {
    text: "What is the SI unit of electric resistance?",
    subject: "Physics",
    options: ["Volt", "Ampere", "Watt", "Ohm"],
    correctOptionIndex: 3,
    hi: { text: "विद्युत प्रतिरोध की SI इकाई क्या है?", options: ["वोल्ट", "एम्पियर", "वाट", "ओम"] },
  },
  {
    text: "What is the pH of pure water at 25 °C?",
    subject: "Chemistry",
    options: ["0", "7", "14", "1"],
    correctOptionIndex: 1,
    hi: { text: "25 °C पर शुद्ध जल का pH कितना होता है?", options: ["0", "7", "14", "1"] },
  },
  {
    text: "Which river is the longest flowing entirely within India?",
    subject: "General Knowledge",
    options: ["Godavari", "Krishna", "Narmada", "Kaveri"],
    correctOptionIndex: 0,
    hi: { text: "पूरी तरह भारत के भीतर बहने वाली सबसे लंबी नदी कौन-सी है?", options: ["गोदावरी", "कृष्णा", "नर्मदा", "कावेरी"] },
  },
  {
    text: "In which year did India adopt its Constitution, on 26 November?",
    subject: "General Knowledge",
    options: ["1947", "1950", "1949", "1952"],
    correctOptionIndex: 2,
    hi: { text: "भारत ने 26 नवंबर को किस वर्ष अपना संविधान अंगीकृत किया?", options: ["1947", "1950", "1949", "1952"] },
  },
  {
    text: "If all roses are flowers and some flowers fade quickly, which statement must be true?",
    subject: "Reasoning",
    options: ["All roses fade quickly", "Some roses fade quickly", "No rose fades quickly", "None of these must be true"],
    correctOptionIndex: 3,
    hi: {
      text: "यदि सभी गुलाब फूल हैं और कुछ फूल जल्दी मुरझा जाते हैं, तो कौन-सा कथन अवश्य सत्य है?",
      options: ["सभी गुलाब जल्दी मुरझाते हैं", "कुछ गुलाब जल्दी मुरझाते हैं", "कोई गुलाब जल्दी नहीं मुरझाता", "इनमें से कोई भी अवश्य सत्य नहीं है"],
    },
  },
  {
    text: "What comes next in the series 3, 6, 12, 24, …?",
    subject: "Reasoning",
    options: ["36", "48", "30", "42"],
    correctOptionIndex: 1,
    hi: { text: "श्रेणी 3, 6, 12, 24, … में अगली संख्या क्या है?", options: ["36", "48", "30", "42"] },
  },
  {
    text: "Choose the word closest in meaning to \"brief\".",
    subject: "English",
    options: ["Short", "Loud", "Bright", "Heavy"],
    correctOptionIndex: 0,
    hi: { text: "\"brief\" शब्द के अर्थ के सबसे निकट शब्द चुनें।", options: ["Short (छोटा)", "Loud (ऊँचा स्वर)", "Bright (चमकीला)", "Heavy (भारी)"] },
  },
];
