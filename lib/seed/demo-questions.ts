import type { SeedQuestion } from "./content-types";

/** Ten quick, friendly questions for the free demo quiz. */
export const demoQuestions: readonly SeedQuestion[] = [
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
    text: "How many spokes does the Ashoka Chakra on the national flag of India have?",
    subject: "General Knowledge",
    options: ["24", "12", "20", "32"],
    correctOptionIndex: 0,
    hi: {
      text: "भारत के राष्ट्रीय ध्वज पर बने अशोक चक्र में कितनी तीलियाँ हैं?",
      options: ["24", "12", "20", "32"],
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
    text: "A train covers 180 km in 3 hours at a steady speed. What is its speed?",
    subject: "Mathematics",
    options: ["45 km/h", "50 km/h", "54 km/h", "60 km/h"],
    correctOptionIndex: 3,
    hi: {
      text: "एक रेलगाड़ी एकसमान चाल से 3 घंटे में 180 किमी की दूरी तय करती है। उसकी चाल क्या है?",
      options: ["45 किमी/घंटा", "50 किमी/घंटा", "54 किमी/घंटा", "60 किमी/घंटा"],
    },
  },
  {
    text: "What is the chemical symbol of sodium?",
    subject: "Science",
    options: ["Na", "So", "Sd", "Nd"],
    correctOptionIndex: 0,
    hi: {
      text: "सोडियम का रासायनिक प्रतीक क्या है?",
      options: ["Na", "So", "Sd", "Nd"],
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
  {
    text: "Which of these words is spelt correctly?",
    subject: "English",
    options: ["Accommodate", "Acommodate", "Accomodate", "Acomodate"],
    correctOptionIndex: 0,
    hi: {
      text: "इनमें से किस शब्द की वर्तनी सही है?",
      options: ["Accommodate", "Acommodate", "Accomodate", "Acomodate"],
    },
  },
];
