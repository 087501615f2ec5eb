export * from "./messages";
export * from "./schemas";
export * from "./calls";
export * from "./money";
export * from "./member-center";
export * from "./game";
export * from "./security";
export * from "./text";
