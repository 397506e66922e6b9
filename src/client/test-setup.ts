// DOM matchers (toBeVisible, toHaveTextContent, toBeDisabled, …) for the client's component tests:
// assertions about what a person would notice, which can fail.
import '@testing-library/jest-dom/vitest';
