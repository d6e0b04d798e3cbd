export {};
//# sourceMappingURL=outcome.js.map