// The staff contract arrives with the operations work (issue 4).
export {};
