export {};
//# sourceMappingURL=scorer.js.map