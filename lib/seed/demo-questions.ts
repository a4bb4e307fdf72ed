import type { SeedQuestion } from "./content-types";

/** Ten quick, friendly questions for the free demo quiz. */
export const demoQuestions: readonly SeedQuestion[] = [
  {
    text: "What is 15% of 240?",
    subject: "Mathematics",
    options: ["32", "36", "40", "42"],
    correctOptionIndex: 1,
  },
  {
    text: "Which gas do green plants take in from the air to make food by photosynthesis?",
    subject: "Science",
    options: ["Oxygen", "Nitrogen", "Carbon dioxide", "Hydrogen"],
    correctOptionIndex: 2,
  },
  {
    text: "How many spokes does the Ashoka Chakra on the national flag of India have?",
    subject: "General Knowledge",
    options: ["24", "12", "20", "32"],
    correctOptionIndex: 0,
  },
  {
    text: "What number comes next in the series 2, 6, 12, 20, 30, ...?",
    subject: "Reasoning",
    options: ["36", "40", "42", "44"],
    correctOptionIndex: 2,
  },
  {
    text: "Choose the word closest in meaning to \"abundant\".",
    subject: "English",
    options: ["Scarce", "Plentiful", "Tiny", "Hidden"],
    correctOptionIndex: 1,
  },
  {
    text: "A train covers 180 km in 3 hours at a steady speed. What is its speed?",
    subject: "Mathematics",
    options: ["45 km/h", "50 km/h", "54 km/h", "60 km/h"],
    correctOptionIndex: 3,
  },
  {
    text: "What is the chemical symbol of sodium?",
    subject: "Science",
    options: ["Na", "So", "Sd", "Nd"],
    correctOptionIndex: 0,
  },
  {
    text: "Which planet is known as the Red Planet?",
    subject: "General Knowledge",
    options: ["Venus", "Mars", "Jupiter", "Saturn"],
    correctOptionIndex: 1,
  },
  {
    text: "In a certain code, CAT is written as DBU. How is DOG written in that code?",
    subject: "Reasoning",
    options: ["FQI", "CNF", "EOH", "EPH"],
    correctOptionIndex: 3,
  },
  {
    text: "Which of these words is spelt correctly?",
    subject: "English",
    options: ["Accommodate", "Acommodate", "Accomodate", "Acomodate"],
    correctOptionIndex: 0,
  },
];
