import type { SeedQuestion } from "./content-types";

/** The demo's diagram (lib/seed/diagram.ts), under a stable id so a second seed changes nothing. */
export const DEMO_DIAGRAM_ID = "5eed0000-0000-4000-8010-000000000001";
export const DEMO_DIAGRAM_ALT = {
  en: "A right-angled triangle whose two shorter sides are 6 cm and 8 cm; its longest side is marked with a question mark",
  hi: "एक समकोण त्रिभुज जिसकी दो छोटी भुजाएँ 6 cm और 8 cm हैं; सबसे लंबी भुजा पर प्रश्नचिह्न लगा है",
};

/**
 * Ten quick, friendly questions for the free demo quiz; four show what questions may hold: a
 * display formula (the first, so the page's server HTML has it), a diagram, a table, and options
 * that are formulas (Markdown and LaTeX, lib/content).
 */
export const demoQuestions: readonly SeedQuestion[] = [
  {
    text: "Which of these is a value of $x$ for which\n\n$$x^2 - 5x + 6 = 0$$",
    subject: "Mathematics",
    options: ["$x = 1$", "$x = 3$", "$x = 5$", "$x = 6$"],
    correctOptionIndex: 1,
    hi: {
      text: "$x$ का कौन-सा मान इस समीकरण को संतुष्ट करता है?\n\n$$x^2 - 5x + 6 = 0$$",
      options: ["$x = 1$", "$x = 3$", "$x = 5$", "$x = 6$"],
    },
  },
  {
    text: "What is 15% of 240?",
    subject: "Mathematics",
    options: ["32", "36", "40", "42"],
    correctOptionIndex: 1,
    hi: {
      text: "240 का 15% कितना है?",
      options: ["32", "36", "40", "42"],
    },
  },
  {
    text: "Which gas do green plants take in from the air to make food by photosynthesis?",
    subject: "Science",
    options: ["Oxygen", "Nitrogen", "Carbon dioxide", "Hydrogen"],
    correctOptionIndex: 2,
    hi: {
      text: "हरे पौधे प्रकाश-संश्लेषण द्वारा भोजन बनाने के लिए हवा से कौन-सी गैस लेते हैं?",
      options: ["ऑक्सीजन", "नाइट्रोजन", "कार्बन डाइऑक्साइड", "हाइड्रोजन"],
    },
  },
  {
    text: `The figure shows a right-angled triangle.\n\n![${DEMO_DIAGRAM_ALT.en}](image:${DEMO_DIAGRAM_ID})\n\nHow long is its longest side?`,
    subject: "Mathematics",
    options: ["10 cm", "12 cm", "14 cm", "$\\sqrt{28}$ cm"],
    correctOptionIndex: 0,
    hi: {
      text: `चित्र में एक समकोण त्रिभुज दिखाया गया है।\n\n![${DEMO_DIAGRAM_ALT.hi}](image:${DEMO_DIAGRAM_ID})\n\nइसकी सबसे लंबी भुजा कितनी लंबी है?`,
      options: ["10 cm", "12 cm", "14 cm", "$\\sqrt{28}$ cm"],
    },
  },
  {
    text: "What number comes next in the series 2, 6, 12, 20, 30, ...?",
    subject: "Reasoning",
    options: ["36", "40", "42", "44"],
    correctOptionIndex: 2,
    hi: {
      text: "श्रेणी 2, 6, 12, 20, 30, ... में अगली संख्या क्या होगी?",
      options: ["36", "40", "42", "44"],
    },
  },
  {
    text: "Choose the word closest in meaning to \"abundant\".",
    subject: "English",
    options: ["Scarce", "Plentiful", "Tiny", "Hidden"],
    correctOptionIndex: 1,
    hi: {
      text: "\"abundant\" के सबसे निकट अर्थ वाला शब्द चुनिए।",
      options: ["Scarce", "Plentiful", "Tiny", "Hidden"],
    },
  },
  {
    text: "A train moves at a steady speed. The table shows how far it has gone. What is its speed?\n\n| Time (hours) | 1 | 2 | 3 |\n| --- | --- | --- | --- |\n| Distance (km) | 60 | 120 | 180 |",
    subject: "Mathematics",
    options: ["45 km/h", "50 km/h", "54 km/h", "60 km/h"],
    correctOptionIndex: 3,
    hi: {
      text: "एक रेलगाड़ी एकसमान चाल से चलती है। तालिका बताती है कि वह कितनी दूर जा चुकी है। उसकी चाल क्या है?\n\n| समय (घंटे) | 1 | 2 | 3 |\n| --- | --- | --- | --- |\n| दूरी (किमी) | 60 | 120 | 180 |",
      options: ["45 किमी/घंटा", "50 किमी/घंटा", "54 किमी/घंटा", "60 किमी/घंटा"],
    },
  },
  {
    text: "Which of these equals $\\dfrac{1}{2} + \\dfrac{1}{3}$?",
    subject: "Mathematics",
    options: ["$\\dfrac{2}{5}$", "$\\dfrac{5}{6}$", "$\\dfrac{1}{6}$", "$\\dfrac{2}{3}$"],
    correctOptionIndex: 1,
    hi: {
      text: "इनमें से कौन $\\dfrac{1}{2} + \\dfrac{1}{3}$ के बराबर है?",
      options: ["$\\dfrac{2}{5}$", "$\\dfrac{5}{6}$", "$\\dfrac{1}{6}$", "$\\dfrac{2}{3}$"],
    },
  },
  {
    text: "Which planet is known as the Red Planet?",
    subject: "General Knowledge",
    options: ["Venus", "Mars", "Jupiter", "Saturn"],
    correctOptionIndex: 1,
    hi: {
      text: "किस ग्रह को लाल ग्रह कहा जाता है?",
      options: ["शुक्र", "मंगल", "बृहस्पति", "शनि"],
    },
  },
  {
    text: "In a certain code, CAT is written as DBU. How is DOG written in that code?",
    subject: "Reasoning",
    options: ["FQI", "CNF", "EOH", "EPH"],
    correctOptionIndex: 3,
    hi: {
      text: "एक विशेष कूट भाषा में CAT को DBU लिखा जाता है। उसी कूट भाषा में DOG को कैसे लिखा जाएगा?",
      options: ["FQI", "CNF", "EOH", "EPH"],
    },
  },
];
