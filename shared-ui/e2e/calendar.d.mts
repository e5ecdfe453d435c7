export declare const ZONE: 'Europe/Amsterdam';
export declare function dutchDate(days?: number, now?: Date | number): string;
