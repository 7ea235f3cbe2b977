export namespace apperr {
	
	export class Error {
	    kind: string;
	    message: string;
	    status?: number;
	    transaction_id?: string;
	
	    static createFrom(source: any = {}) {
	        return new Error(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.message = source["message"];
	        this.status = source["status"];
	        this.transaction_id = source["transaction_id"];
	    }
	}
	export class Hint {
	    Window: string;
	    Command: string;
	
	    static createFrom(source: any = {}) {
	        return new Hint(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.Window = source["Window"];
	        this.Command = source["Command"];
	    }
	}

}

export namespace backup {
	
	export class LevelSize {
	    level: number;
	    files: number;
	    bytes: number;
	
	    static createFrom(source: any = {}) {
	        return new LevelSize(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.level = source["level"];
	        this.files = source["files"];
	        this.bytes = source["bytes"];
	    }
	}
	export class Point {
	    txid: number;
	    // Go type: time
	    at: any;
	    snapshot: boolean;
	    bytes: number;
	
	    static createFrom(source: any = {}) {
	        return new Point(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.txid = source["txid"];
	        this.at = this.convertValues(source["at"], null);
	        this.snapshot = source["snapshot"];
	        this.bytes = source["bytes"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Restored {
	    dir: string;
	    path: string;
	    txid: number;
	    // Go type: time
	    at: any;
	    bytes: number;
	
	    static createFrom(source: any = {}) {
	        return new Restored(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.dir = source["dir"];
	        this.path = source["path"];
	        this.txid = source["txid"];
	        this.at = this.convertValues(source["at"], null);
	        this.bytes = source["bytes"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Size {
	    target: string;
	    files: number;
	    bytes: number;
	    levels: LevelSize[];
	    // Go type: time
	    oldest: any;
	    // Go type: time
	    newest: any;
	
	    static createFrom(source: any = {}) {
	        return new Size(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.target = source["target"];
	        this.files = source["files"];
	        this.bytes = source["bytes"];
	        this.levels = this.convertValues(source["levels"], LevelSize);
	        this.oldest = this.convertValues(source["oldest"], null);
	        this.newest = this.convertValues(source["newest"], null);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class TargetStatus {
	    id: string;
	    name: string;
	    kind: string;
	    where: string;
	    role: string;
	    state: string;
	    // Go type: time
	    last_replicated_at: any;
	    lag_seconds: number;
	    local_txid: number;
	    replicated_txid: number;
	    error?: string;
	    // Go type: time
	    error_at: any;
	
	    static createFrom(source: any = {}) {
	        return new TargetStatus(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.name = source["name"];
	        this.kind = source["kind"];
	        this.where = source["where"];
	        this.role = source["role"];
	        this.state = source["state"];
	        this.last_replicated_at = this.convertValues(source["last_replicated_at"], null);
	        this.lag_seconds = source["lag_seconds"];
	        this.local_txid = source["local_txid"];
	        this.replicated_txid = source["replicated_txid"];
	        this.error = source["error"];
	        this.error_at = this.convertValues(source["error_at"], null);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Status {
	    continuous: boolean;
	    by: string;
	    pid: number;
	    // Go type: time
	    updated_at: any;
	    targets: TargetStatus[];
	
	    static createFrom(source: any = {}) {
	        return new Status(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.continuous = source["continuous"];
	        this.by = source["by"];
	        this.pid = source["pid"];
	        this.updated_at = this.convertValues(source["updated_at"], null);
	        this.targets = this.convertValues(source["targets"], TargetStatus);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class TableCount {
	    table: string;
	    live: number;
	    replica: number;
	    same: boolean;
	
	    static createFrom(source: any = {}) {
	        return new TableCount(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.table = source["table"];
	        this.live = source["live"];
	        this.replica = source["replica"];
	        this.same = source["same"];
	    }
	}
	export class Target {
	    id: string;
	    name: string;
	    kind: string;
	    path: string;
	    endpoint?: string;
	    bucket?: string;
	    region?: string;
	    host?: string;
	    port?: number;
	    user?: string;
	    key_file?: string;
	    host_key?: string;
	    retention_days: number;
	
	    static createFrom(source: any = {}) {
	        return new Target(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.name = source["name"];
	        this.kind = source["kind"];
	        this.path = source["path"];
	        this.endpoint = source["endpoint"];
	        this.bucket = source["bucket"];
	        this.region = source["region"];
	        this.host = source["host"];
	        this.port = source["port"];
	        this.user = source["user"];
	        this.key_file = source["key_file"];
	        this.host_key = source["host_key"];
	        this.retention_days = source["retention_days"];
	    }
	}
	export class TargetInfo {
	    id: string;
	    name: string;
	    kind: string;
	    path: string;
	    endpoint?: string;
	    bucket?: string;
	    region?: string;
	    host?: string;
	    port?: number;
	    user?: string;
	    key_file?: string;
	    host_key?: string;
	    retention_days: number;
	    where: string;
	    role: string;
	    has_key: boolean;
	    has_secret: boolean;
	    secret_from: string;
	
	    static createFrom(source: any = {}) {
	        return new TargetInfo(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.name = source["name"];
	        this.kind = source["kind"];
	        this.path = source["path"];
	        this.endpoint = source["endpoint"];
	        this.bucket = source["bucket"];
	        this.region = source["region"];
	        this.host = source["host"];
	        this.port = source["port"];
	        this.user = source["user"];
	        this.key_file = source["key_file"];
	        this.host_key = source["host_key"];
	        this.retention_days = source["retention_days"];
	        this.where = source["where"];
	        this.role = source["role"];
	        this.has_key = source["has_key"];
	        this.has_secret = source["has_secret"];
	        this.secret_from = source["secret_from"];
	    }
	}
	export class TargetSpec {
	    id: string;
	    name: string;
	    kind: string;
	    path: string;
	    endpoint?: string;
	    bucket?: string;
	    region?: string;
	    host?: string;
	    port?: number;
	    user?: string;
	    key_file?: string;
	    host_key?: string;
	    retention_days: number;
	    access_key_id: string;
	    secret_access_key: string;
	    password: string;
	
	    static createFrom(source: any = {}) {
	        return new TargetSpec(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.name = source["name"];
	        this.kind = source["kind"];
	        this.path = source["path"];
	        this.endpoint = source["endpoint"];
	        this.bucket = source["bucket"];
	        this.region = source["region"];
	        this.host = source["host"];
	        this.port = source["port"];
	        this.user = source["user"];
	        this.key_file = source["key_file"];
	        this.host_key = source["host_key"];
	        this.retention_days = source["retention_days"];
	        this.access_key_id = source["access_key_id"];
	        this.secret_access_key = source["secret_access_key"];
	        this.password = source["password"];
	    }
	}
	
	export class Verification {
	    target: string;
	    txid: number;
	    // Go type: time
	    at: any;
	    integrity: string;
	    tables: TableCount[];
	    ok: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Verification(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.target = source["target"];
	        this.txid = source["txid"];
	        this.at = this.convertValues(source["at"], null);
	        this.integrity = source["integrity"];
	        this.tables = this.convertValues(source["tables"], TableCount);
	        this.ok = source["ok"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace config {
	
	export class CredentialStatus {
	    source: string;
	    keychain_available: boolean;
	    masked_key: string;
	    message: string;
	
	    static createFrom(source: any = {}) {
	        return new CredentialStatus(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.source = source["source"];
	        this.keychain_available = source["keychain_available"];
	        this.masked_key = source["masked_key"];
	        this.message = source["message"];
	    }
	}
	export class Settings {
	    environment: string;
	    base_url: string;
	    cache_days: number;
	    rate_per_minute: number;
	    amount_tolerance: number;
	    date_window_days: number;
	
	    static createFrom(source: any = {}) {
	        return new Settings(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.environment = source["environment"];
	        this.base_url = source["base_url"];
	        this.cache_days = source["cache_days"];
	        this.rate_per_minute = source["rate_per_minute"];
	        this.amount_tolerance = source["amount_tolerance"];
	        this.date_window_days = source["date_window_days"];
	    }
	}

}

export namespace core {
	
	export class JobEvent {
	    id: string;
	    kind: string;
	    done: number;
	    total: number;
	    state: string;
	    // Go type: time
	    started: any;
	    // Go type: time
	    finished?: any;
	    error?: apperr.Error;
	
	    static createFrom(source: any = {}) {
	        return new JobEvent(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.kind = source["kind"];
	        this.done = source["done"];
	        this.total = source["total"];
	        this.state = source["state"];
	        this.started = this.convertValues(source["started"], null);
	        this.finished = this.convertValues(source["finished"], null);
	        this.error = this.convertValues(source["error"], apperr.Error);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace gstapi {
	
	export class Address {
	    bnm: string;
	    bno: string;
	    flno: string;
	    st: string;
	    loc: string;
	    locality: string;
	    landMark: string;
	    dst: string;
	    stcd: string;
	    pncd: string;
	    lt: string;
	    lg: string;
	    geocodelvl: string;
	
	    static createFrom(source: any = {}) {
	        return new Address(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.bnm = source["bnm"];
	        this.bno = source["bno"];
	        this.flno = source["flno"];
	        this.st = source["st"];
	        this.loc = source["loc"];
	        this.locality = source["locality"];
	        this.landMark = source["landMark"];
	        this.dst = source["dst"];
	        this.stcd = source["stcd"];
	        this.pncd = source["pncd"];
	        this.lt = source["lt"];
	        this.lg = source["lg"];
	        this.geocodelvl = source["geocodelvl"];
	    }
	}
	export class Place {
	    addr: Address;
	    ntr: string;
	
	    static createFrom(source: any = {}) {
	        return new Place(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.addr = this.convertValues(source["addr"], Address);
	        this.ntr = source["ntr"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class SearchResult {
	    transaction_id: string;
	    timestamp: number;
	    gstin: string;
	    lgnm: string;
	    tradeNam: string;
	    sts: string;
	    rgdt: string;
	    cxdt: string;
	    ctb: string;
	    dty: string;
	    nba: string[];
	    einvoiceStatus: string;
	    lstupdt: string;
	    stj: string;
	    stjCd: string;
	    ctj: string;
	    ctjCd: string;
	    pradr?: Place;
	    adadr: Place[];
	    canclDt?: string;
	    rsnCd?: string;
	    typeOfSup?: string;
	
	    static createFrom(source: any = {}) {
	        return new SearchResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.transaction_id = source["transaction_id"];
	        this.timestamp = source["timestamp"];
	        this.gstin = source["gstin"];
	        this.lgnm = source["lgnm"];
	        this.tradeNam = source["tradeNam"];
	        this.sts = source["sts"];
	        this.rgdt = source["rgdt"];
	        this.cxdt = source["cxdt"];
	        this.ctb = source["ctb"];
	        this.dty = source["dty"];
	        this.nba = source["nba"];
	        this.einvoiceStatus = source["einvoiceStatus"];
	        this.lstupdt = source["lstupdt"];
	        this.stj = source["stj"];
	        this.stjCd = source["stjCd"];
	        this.ctj = source["ctj"];
	        this.ctjCd = source["ctjCd"];
	        this.pradr = this.convertValues(source["pradr"], Place);
	        this.adadr = this.convertValues(source["adadr"], Place);
	        this.canclDt = source["canclDt"];
	        this.rsnCd = source["rsnCd"];
	        this.typeOfSup = source["typeOfSup"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace gstin {
	
	export class GSTIN {
	    value: string;
	    state_code: string;
	    state_name: string;
	    family: string;
	    pan?: string;
	    holder?: string;
	    tan?: string;
	    identity: string;
	    entity_number: string;
	    check_char: string;
	    legacy_state?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new GSTIN(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.value = source["value"];
	        this.state_code = source["state_code"];
	        this.state_name = source["state_name"];
	        this.family = source["family"];
	        this.pan = source["pan"];
	        this.holder = source["holder"];
	        this.tan = source["tan"];
	        this.identity = source["identity"];
	        this.entity_number = source["entity_number"];
	        this.check_char = source["check_char"];
	        this.legacy_state = source["legacy_state"];
	    }
	}

}

export namespace gstr2a {
	
	export class Amounts {
	    value: number;
	    taxable: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	
	    static createFrom(source: any = {}) {
	        return new Amounts(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.value = source["value"];
	        this.taxable = source["taxable"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	    }
	}
	export class SupplierChange {
	    gstin: string;
	    changes: FieldChange[];
	
	    static createFrom(source: any = {}) {
	        return new SupplierChange(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.changes = this.convertValues(source["changes"], FieldChange);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class FieldChange {
	    field: string;
	    old: string;
	    new: string;
	
	    static createFrom(source: any = {}) {
	        return new FieldChange(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.field = source["field"];
	        this.old = source["old"];
	        this.new = source["new"];
	    }
	}
	export class InvoiceChange {
	    key: string;
	    old: InvoiceRow;
	    new: InvoiceRow;
	    changes: FieldChange[];
	
	    static createFrom(source: any = {}) {
	        return new InvoiceChange(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.old = this.convertValues(source["old"], InvoiceRow);
	        this.new = this.convertValues(source["new"], InvoiceRow);
	        this.changes = this.convertValues(source["changes"], FieldChange);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class InvoiceRow {
	    id: number;
	    snapshot_id: string;
	    period: string;
	    supplier_gstin: string;
	    supplier_pan: string;
	    supplier_name: string;
	    invoice_number: string;
	    invoice_number_norm: string;
	    invoice_date: string;
	    idt: string;
	    invoice_type: string;
	    pos: string;
	    reverse_charge: string;
	    amounts: Amounts;
	    tax: number;
	    diff_percent?: number;
	    irn: string;
	    irn_date: string;
	    source_type: string;
	    chksum: string;
	    cfs: string;
	    cfs3b: string;
	    cancelled_on: string;
	    items: number;
	
	    static createFrom(source: any = {}) {
	        return new InvoiceRow(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.snapshot_id = source["snapshot_id"];
	        this.period = source["period"];
	        this.supplier_gstin = source["supplier_gstin"];
	        this.supplier_pan = source["supplier_pan"];
	        this.supplier_name = source["supplier_name"];
	        this.invoice_number = source["invoice_number"];
	        this.invoice_number_norm = source["invoice_number_norm"];
	        this.invoice_date = source["invoice_date"];
	        this.idt = source["idt"];
	        this.invoice_type = source["invoice_type"];
	        this.pos = source["pos"];
	        this.reverse_charge = source["reverse_charge"];
	        this.amounts = this.convertValues(source["amounts"], Amounts);
	        this.tax = source["tax"];
	        this.diff_percent = source["diff_percent"];
	        this.irn = source["irn"];
	        this.irn_date = source["irn_date"];
	        this.source_type = source["source_type"];
	        this.chksum = source["chksum"];
	        this.cfs = source["cfs"];
	        this.cfs3b = source["cfs3b"];
	        this.cancelled_on = source["cancelled_on"];
	        this.items = source["items"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Filters {
	    supplier: string;
	    from: string;
	
	    static createFrom(source: any = {}) {
	        return new Filters(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.supplier = source["supplier"];
	        this.from = source["from"];
	    }
	}
	export class Snapshot {
	    id: string;
	    workspace_id: string;
	    gstin: string;
	    period: string;
	    filters: Filters;
	    // Go type: time
	    fetched_at: any;
	    transaction_id: string;
	    // Go type: time
	    server_time: any;
	    status: string;
	    suppliers: number;
	    invoices: number;
	    items: number;
	    totals: Amounts;
	
	    static createFrom(source: any = {}) {
	        return new Snapshot(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.workspace_id = source["workspace_id"];
	        this.gstin = source["gstin"];
	        this.period = source["period"];
	        this.filters = this.convertValues(source["filters"], Filters);
	        this.fetched_at = this.convertValues(source["fetched_at"], null);
	        this.transaction_id = source["transaction_id"];
	        this.server_time = this.convertValues(source["server_time"], null);
	        this.status = source["status"];
	        this.suppliers = source["suppliers"];
	        this.invoices = source["invoices"];
	        this.items = source["items"];
	        this.totals = this.convertValues(source["totals"], Amounts);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Diff {
	    from: Snapshot;
	    to: Snapshot;
	    added: InvoiceRow[];
	    removed: InvoiceRow[];
	    amended: InvoiceChange[];
	    unchanged: number;
	    suppliers: SupplierChange[];
	    suppliers_added: string[];
	    suppliers_removed: string[];
	    scope: string;
	    scope_note: string;
	
	    static createFrom(source: any = {}) {
	        return new Diff(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.from = this.convertValues(source["from"], Snapshot);
	        this.to = this.convertValues(source["to"], Snapshot);
	        this.added = this.convertValues(source["added"], InvoiceRow);
	        this.removed = this.convertValues(source["removed"], InvoiceRow);
	        this.amended = this.convertValues(source["amended"], InvoiceChange);
	        this.unchanged = source["unchanged"];
	        this.suppliers = this.convertValues(source["suppliers"], SupplierChange);
	        this.suppliers_added = source["suppliers_added"];
	        this.suppliers_removed = source["suppliers_removed"];
	        this.scope = source["scope"];
	        this.scope_note = source["scope_note"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	
	
	export class InvoiceFilter {
	    supplier: string;
	    number: string;
	    date_from: string;
	    date_to: string;
	    rate?: number;
	    pos: string;
	    reverse_charge: string;
	    type: string;
	    einvoice: string;
	    supplier_filed: string;
	    supplier_filed_3b: string;
	    period: string;
	
	    static createFrom(source: any = {}) {
	        return new InvoiceFilter(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.supplier = source["supplier"];
	        this.number = source["number"];
	        this.date_from = source["date_from"];
	        this.date_to = source["date_to"];
	        this.rate = source["rate"];
	        this.pos = source["pos"];
	        this.reverse_charge = source["reverse_charge"];
	        this.type = source["type"];
	        this.einvoice = source["einvoice"];
	        this.supplier_filed = source["supplier_filed"];
	        this.supplier_filed_3b = source["supplier_filed_3b"];
	        this.period = source["period"];
	    }
	}
	export class InvoicePage {
	    rows: InvoiceRow[];
	    total: number;
	    totals: Amounts;
	    tax: number;
	    unfiltered: number;
	
	    static createFrom(source: any = {}) {
	        return new InvoicePage(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.rows = this.convertValues(source["rows"], InvoiceRow);
	        this.total = source["total"];
	        this.totals = this.convertValues(source["totals"], Amounts);
	        this.tax = source["tax"];
	        this.unfiltered = source["unfiltered"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class InvoiceQuery {
	    filter: InvoiceFilter;
	    sort: string;
	    desc: boolean;
	    offset: number;
	    limit: number;
	
	    static createFrom(source: any = {}) {
	        return new InvoiceQuery(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.filter = this.convertValues(source["filter"], InvoiceFilter);
	        this.sort = source["sort"];
	        this.desc = source["desc"];
	        this.offset = source["offset"];
	        this.limit = source["limit"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class LineItem {
	    seq: number;
	    num: number;
	    rate: number;
	    taxable: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	    has_igst: boolean;
	    has_cgst: boolean;
	    has_sgst: boolean;
	    has_cess: boolean;
	
	    static createFrom(source: any = {}) {
	        return new LineItem(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.seq = source["seq"];
	        this.num = source["num"];
	        this.rate = source["rate"];
	        this.taxable = source["taxable"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	        this.has_igst = source["has_igst"];
	        this.has_cgst = source["has_cgst"];
	        this.has_sgst = source["has_sgst"];
	        this.has_cess = source["has_cess"];
	    }
	}
	export class MonthTax {
	    period: string;
	    taxable: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	    tax: number;
	
	    static createFrom(source: any = {}) {
	        return new MonthTax(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.taxable = source["taxable"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	        this.tax = source["tax"];
	    }
	}
	export class PeriodInfo {
	    period: string;
	    pulls: number;
	    // Go type: time
	    last_fetched_at: any;
	    latest: Snapshot;
	
	    static createFrom(source: any = {}) {
	        return new PeriodInfo(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.pulls = source["pulls"];
	        this.last_fetched_at = this.convertValues(source["last_fetched_at"], null);
	        this.latest = this.convertValues(source["latest"], Snapshot);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class PeriodTotal {
	    period: string;
	    snapshot_id: string;
	    invoices: number;
	    suppliers: number;
	    amounts: Amounts;
	    tax: number;
	
	    static createFrom(source: any = {}) {
	        return new PeriodTotal(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.snapshot_id = source["snapshot_id"];
	        this.invoices = source["invoices"];
	        this.suppliers = source["suppliers"];
	        this.amounts = this.convertValues(source["amounts"], Amounts);
	        this.tax = source["tax"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class RateTotal {
	    rate: number;
	    items: number;
	    taxable: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	
	    static createFrom(source: any = {}) {
	        return new RateTotal(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.rate = source["rate"];
	        this.items = source["items"];
	        this.taxable = source["taxable"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	    }
	}
	export class Scope {
	    workspace_id: string;
	    periods: string[];
	    snapshot_ids?: string[];
	
	    static createFrom(source: any = {}) {
	        return new Scope(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.workspace_id = source["workspace_id"];
	        this.periods = source["periods"];
	        this.snapshot_ids = source["snapshot_ids"];
	    }
	}
	
	
	export class SupplierPeriod {
	    period: string;
	    cfs: string;
	    cfs3b: string;
	    filed_on: string;
	    filed_period: string;
	    invoices: number;
	
	    static createFrom(source: any = {}) {
	        return new SupplierPeriod(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.cfs = source["cfs"];
	        this.cfs3b = source["cfs3b"];
	        this.filed_on = source["filed_on"];
	        this.filed_period = source["filed_period"];
	        this.invoices = source["invoices"];
	    }
	}
	export class SupplierSummary {
	    gstin: string;
	    pan: string;
	    name: string;
	    invoices: number;
	    amounts: Amounts;
	    tax: number;
	    filed_gstr1: string;
	    filed_gstr3b: string;
	    not_filed_periods: string[];
	    last_filed_on: string;
	    last_filed_period: string;
	    cancelled_on: string;
	    cancelled_raw: string;
	    periods: SupplierPeriod[];
	
	    static createFrom(source: any = {}) {
	        return new SupplierSummary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.pan = source["pan"];
	        this.name = source["name"];
	        this.invoices = source["invoices"];
	        this.amounts = this.convertValues(source["amounts"], Amounts);
	        this.tax = source["tax"];
	        this.filed_gstr1 = source["filed_gstr1"];
	        this.filed_gstr3b = source["filed_gstr3b"];
	        this.not_filed_periods = source["not_filed_periods"];
	        this.last_filed_on = source["last_filed_on"];
	        this.last_filed_period = source["last_filed_period"];
	        this.cancelled_on = source["cancelled_on"];
	        this.cancelled_raw = source["cancelled_raw"];
	        this.periods = this.convertValues(source["periods"], SupplierPeriod);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class SupplierTax {
	    gstin: string;
	    name: string;
	    taxable: number;
	    tax: number;
	
	    static createFrom(source: any = {}) {
	        return new SupplierTax(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.name = source["name"];
	        this.taxable = source["taxable"];
	        this.tax = source["tax"];
	    }
	}
	export class Totals {
	    invoices: number;
	    suppliers: number;
	    amounts: Amounts;
	    tax: number;
	    by_rate: RateTotal[];
	    by_period: PeriodTotal[];
	    snapshots: Snapshot[];
	
	    static createFrom(source: any = {}) {
	        return new Totals(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.invoices = source["invoices"];
	        this.suppliers = source["suppliers"];
	        this.amounts = this.convertValues(source["amounts"], Amounts);
	        this.tax = source["tax"];
	        this.by_rate = this.convertValues(source["by_rate"], RateTotal);
	        this.by_period = this.convertValues(source["by_period"], PeriodTotal);
	        this.snapshots = this.convertValues(source["snapshots"], Snapshot);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace lookup {
	
	export class BulkSummary {
	    total: number;
	    invalid: number;
	    duplicates: number;
	    unique: number;
	    from_cache: number;
	    paid_calls: number;
	    failed: number;
	    cancelled: boolean;
	
	    static createFrom(source: any = {}) {
	        return new BulkSummary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.total = source["total"];
	        this.invalid = source["invalid"];
	        this.duplicates = source["duplicates"];
	        this.unique = source["unique"];
	        this.from_cache = source["from_cache"];
	        this.paid_calls = source["paid_calls"];
	        this.failed = source["failed"];
	        this.cancelled = source["cancelled"];
	    }
	}

}

export namespace lookups {
	
	export class ApplicantView {
	    transaction_id: string;
	    timestamp: number;
	    name: string;
	    pan: string;
	    state: string;
	    goodsdetails?: string;
	    servicedetails?: string;
	    authstatus: string;
	    regdt: string;
	    candt?: string;
	    // Go type: gstapi
	    addtls: any;
	    source: string;
	    fetched_at: string;
	
	    static createFrom(source: any = {}) {
	        return new ApplicantView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.transaction_id = source["transaction_id"];
	        this.timestamp = source["timestamp"];
	        this.name = source["name"];
	        this.pan = source["pan"];
	        this.state = source["state"];
	        this.goodsdetails = source["goodsdetails"];
	        this.servicedetails = source["servicedetails"];
	        this.authstatus = source["authstatus"];
	        this.regdt = source["regdt"];
	        this.candt = source["candt"];
	        this.addtls = this.convertValues(source["addtls"], null);
	        this.source = source["source"];
	        this.fetched_at = source["fetched_at"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class LookupRow {
	    row: number;
	    input: string;
	    gstin: string;
	    status: string;
	    legal_name: string;
	    trade_name: string;
	    reg_status: string;
	    reg_date: string;
	    cancel_date: string;
	    state: string;
	    constitution: string;
	    taxpayer_type: string;
	    einvoice: string;
	    address: string;
	    source: string;
	    fetched_at: string;
	    transaction_id: string;
	    note: string;
	    error_kind: string;
	    error: string;
	
	    static createFrom(source: any = {}) {
	        return new LookupRow(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.row = source["row"];
	        this.input = source["input"];
	        this.gstin = source["gstin"];
	        this.status = source["status"];
	        this.legal_name = source["legal_name"];
	        this.trade_name = source["trade_name"];
	        this.reg_status = source["reg_status"];
	        this.reg_date = source["reg_date"];
	        this.cancel_date = source["cancel_date"];
	        this.state = source["state"];
	        this.constitution = source["constitution"];
	        this.taxpayer_type = source["taxpayer_type"];
	        this.einvoice = source["einvoice"];
	        this.address = source["address"];
	        this.source = source["source"];
	        this.fetched_at = source["fetched_at"];
	        this.transaction_id = source["transaction_id"];
	        this.note = source["note"];
	        this.error_kind = source["error_kind"];
	        this.error = source["error"];
	    }
	}
	export class BulkView {
	    rows: LookupRow[];
	    summary: lookup.BulkSummary;
	
	    static createFrom(source: any = {}) {
	        return new BulkView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.rows = this.convertValues(source["rows"], LookupRow);
	        this.summary = this.convertValues(source["summary"], lookup.BulkSummary);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ChangedRow {
	    hash: string;
	    gstin: string;
	    name: string;
	    type: string;
	    label: string;
	    date: string;
	    state: string;
	
	    static createFrom(source: any = {}) {
	        return new ChangedRow(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.hash = source["hash"];
	        this.gstin = source["gstin"];
	        this.name = source["name"];
	        this.type = source["type"];
	        this.label = source["label"];
	        this.date = source["date"];
	        this.state = source["state"];
	    }
	}
	export class ChangedView {
	    date: string;
	    state: string;
	    total: number;
	    pages: number;
	    yours: ChangedRow[];
	    others: ChangedRow[];
	    by_type: Record<string, number>;
	    source: string;
	    fetched_at: string;
	
	    static createFrom(source: any = {}) {
	        return new ChangedView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.date = source["date"];
	        this.state = source["state"];
	        this.total = source["total"];
	        this.pages = source["pages"];
	        this.yours = this.convertValues(source["yours"], ChangedRow);
	        this.others = this.convertValues(source["others"], ChangedRow);
	        this.by_type = source["by_type"];
	        this.source = source["source"];
	        this.fetched_at = source["fetched_at"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ContactCheckView {
	    enrolment: string;
	    mobile: string;
	    email: string;
	    transaction_id: string;
	
	    static createFrom(source: any = {}) {
	        return new ContactCheckView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.enrolment = source["enrolment"];
	        this.mobile = source["mobile"];
	        this.email = source["email"];
	        this.transaction_id = source["transaction_id"];
	    }
	}
	export class LookupDetail {
	    row: number;
	    input: string;
	    gstin: string;
	    status: string;
	    legal_name: string;
	    trade_name: string;
	    reg_status: string;
	    reg_date: string;
	    cancel_date: string;
	    state: string;
	    constitution: string;
	    taxpayer_type: string;
	    einvoice: string;
	    address: string;
	    source: string;
	    fetched_at: string;
	    transaction_id: string;
	    note: string;
	    error_kind: string;
	    error: string;
	    detail?: gstapi.SearchResult;
	    check?: gstin.GSTIN;
	
	    static createFrom(source: any = {}) {
	        return new LookupDetail(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.row = source["row"];
	        this.input = source["input"];
	        this.gstin = source["gstin"];
	        this.status = source["status"];
	        this.legal_name = source["legal_name"];
	        this.trade_name = source["trade_name"];
	        this.reg_status = source["reg_status"];
	        this.reg_date = source["reg_date"];
	        this.cancel_date = source["cancel_date"];
	        this.state = source["state"];
	        this.constitution = source["constitution"];
	        this.taxpayer_type = source["taxpayer_type"];
	        this.einvoice = source["einvoice"];
	        this.address = source["address"];
	        this.source = source["source"];
	        this.fetched_at = source["fetched_at"];
	        this.transaction_id = source["transaction_id"];
	        this.note = source["note"];
	        this.error_kind = source["error_kind"];
	        this.error = source["error"];
	        this.detail = this.convertValues(source["detail"], gstapi.SearchResult);
	        this.check = this.convertValues(source["check"], gstin.GSTIN);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class PreferenceView {
	    gstin: string;
	    fy: string;
	    quarters: Record<string, string>;
	    source: string;
	    fetched_at: string;
	
	    static createFrom(source: any = {}) {
	        return new PreferenceView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.fy = source["fy"];
	        this.quarters = source["quarters"];
	        this.source = source["source"];
	        this.fetched_at = source["fetched_at"];
	    }
	}

}

export namespace overview {
	
	export class Attention {
	    gstin: string;
	    name: string;
	    reason: string;
	    cancelled_on: string;
	    periods: string[];
	    tax: number;
	
	    static createFrom(source: any = {}) {
	        return new Attention(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.name = source["name"];
	        this.reason = source["reason"];
	        this.cancelled_on = source["cancelled_on"];
	        this.periods = source["periods"];
	        this.tax = source["tax"];
	    }
	}
	export class WatchSummary {
	    checked_at: string;
	    from: string;
	    to: string;
	    suppliers: number;
	    changes: number;
	    high: number;
	    medium: number;
	    failed: number;
	    top: recon.WatchAlert[];
	
	    static createFrom(source: any = {}) {
	        return new WatchSummary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.checked_at = source["checked_at"];
	        this.from = source["from"];
	        this.to = source["to"];
	        this.suppliers = source["suppliers"];
	        this.changes = source["changes"];
	        this.high = source["high"];
	        this.medium = source["medium"];
	        this.failed = source["failed"];
	        this.top = this.convertValues(source["top"], recon.WatchAlert);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Dashboard {
	    periods: gstr2a.PeriodInfo[];
	    itc: number;
	    itc_at_risk: number;
	    suppliers: number;
	    attention: Attention[];
	    latest_run?: payroll.Run;
	    runs: number;
	    known_gstins: number;
	    watch?: WatchSummary;
	
	    static createFrom(source: any = {}) {
	        return new Dashboard(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.periods = this.convertValues(source["periods"], gstr2a.PeriodInfo);
	        this.itc = source["itc"];
	        this.itc_at_risk = source["itc_at_risk"];
	        this.suppliers = source["suppliers"];
	        this.attention = this.convertValues(source["attention"], Attention);
	        this.latest_run = this.convertValues(source["latest_run"], payroll.Run);
	        this.runs = source["runs"];
	        this.known_gstins = source["known_gstins"];
	        this.watch = this.convertValues(source["watch"], WatchSummary);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class PaletteHit {
	    kind: string;
	    title: string;
	    detail: string;
	    gstin?: string;
	    run_id?: string;
	    seq?: number;
	
	    static createFrom(source: any = {}) {
	        return new PaletteHit(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.title = source["title"];
	        this.detail = source["detail"];
	        this.gstin = source["gstin"];
	        this.run_id = source["run_id"];
	        this.seq = source["seq"];
	    }
	}

}

export namespace payroll {
	
	export class Carried {
	    header: string;
	    key?: string;
	
	    static createFrom(source: any = {}) {
	        return new Carried(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.header = source["header"];
	        this.key = source["key"];
	    }
	}
	export class Change {
	    key: string;
	    name: string;
	    employee_code: string;
	    pan: string;
	    status: string;
	    from_tax: number;
	    to_tax: number;
	    from_tds: number;
	    to_tds: number;
	    from_monthly: number;
	    to_monthly: number;
	    from_regime: string;
	    to_regime: string;
	
	    static createFrom(source: any = {}) {
	        return new Change(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.name = source["name"];
	        this.employee_code = source["employee_code"];
	        this.pan = source["pan"];
	        this.status = source["status"];
	        this.from_tax = source["from_tax"];
	        this.to_tax = source["to_tax"];
	        this.from_tds = source["from_tds"];
	        this.to_tds = source["to_tds"];
	        this.from_monthly = source["from_monthly"];
	        this.to_monthly = source["to_monthly"];
	        this.from_regime = source["from_regime"];
	        this.to_regime = source["to_regime"];
	    }
	}
	export class Difference {
	    sheet: string;
	    key: string;
	    local: string;
	    remote: string;
	
	    static createFrom(source: any = {}) {
	        return new Difference(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.sheet = source["sheet"];
	        this.key = source["key"];
	        this.local = source["local"];
	        this.remote = source["remote"];
	    }
	}
	export class Check {
	    run_id: string;
	    seq: number;
	    // Go type: time
	    checked_at: any;
	    transaction_id: string;
	    response: number[];
	    differences: Difference[];
	
	    static createFrom(source: any = {}) {
	        return new Check(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run_id = source["run_id"];
	        this.seq = source["seq"];
	        this.checked_at = this.convertValues(source["checked_at"], null);
	        this.transaction_id = source["transaction_id"];
	        this.response = source["response"];
	        this.differences = this.convertValues(source["differences"], Difference);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Totals {
	    employees: number;
	    new_count: number;
	    old_count: number;
	    new_tax: number;
	    old_tax: number;
	    recommended_tax: number;
	    saving: number;
	    tds: number;
	    deducted: number;
	    monthly: number;
	
	    static createFrom(source: any = {}) {
	        return new Totals(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.employees = source["employees"];
	        this.new_count = source["new_count"];
	        this.old_count = source["old_count"];
	        this.new_tax = source["new_tax"];
	        this.old_tax = source["old_tax"];
	        this.recommended_tax = source["recommended_tax"];
	        this.saving = source["saving"];
	        this.tds = source["tds"];
	        this.deducted = source["deducted"];
	        this.monthly = source["monthly"];
	    }
	}
	export class Run {
	    id: string;
	    workspace_id: string;
	    // Go type: time
	    created_at: any;
	    fy: number;
	    fy_label: string;
	    month: number;
	    source_name: string;
	    source_hash: string;
	    source_format: string;
	    source_rows: number;
	    skipped_rows: number;
	    totals: Totals;
	
	    static createFrom(source: any = {}) {
	        return new Run(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.workspace_id = source["workspace_id"];
	        this.created_at = this.convertValues(source["created_at"], null);
	        this.fy = source["fy"];
	        this.fy_label = source["fy_label"];
	        this.month = source["month"];
	        this.source_name = source["source_name"];
	        this.source_hash = source["source_hash"];
	        this.source_format = source["source_format"];
	        this.source_rows = source["source_rows"];
	        this.skipped_rows = source["skipped_rows"];
	        this.totals = this.convertValues(source["totals"], Totals);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Comparison {
	    from: Run;
	    to: Run;
	    changes: Change[];
	    added: number;
	    removed: number;
	    changed: number;
	    unchanged: number;
	
	    static createFrom(source: any = {}) {
	        return new Comparison(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.from = this.convertValues(source["from"], Run);
	        this.to = this.convertValues(source["to"], Run);
	        this.changes = this.convertValues(source["changes"], Change);
	        this.added = source["added"];
	        this.removed = source["removed"];
	        this.changed = source["changed"];
	        this.unchanged = source["unchanged"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class Identity {
	    name: string;
	    employee_code: string;
	    pan: string;
	
	    static createFrom(source: any = {}) {
	        return new Identity(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.employee_code = source["employee_code"];
	        this.pan = source["pan"];
	    }
	}
	export class Match {
	    index: number;
	    column: string;
	    header: string;
	    key: string;
	    how: string;
	    duplicate?: string;
	    duplicate_of?: string;
	
	    static createFrom(source: any = {}) {
	        return new Match(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.index = source["index"];
	        this.column = source["column"];
	        this.header = source["header"];
	        this.key = source["key"];
	        this.how = source["how"];
	        this.duplicate = source["duplicate"];
	        this.duplicate_of = source["duplicate_of"];
	    }
	}
	export class Row {
	    seq: number;
	    source_row: number;
	    name: string;
	    employee_code: string;
	    pan: string;
	    new_income: number;
	    new_tax: number;
	    new_tds: number;
	    old_income: number;
	    old_tax: number;
	    old_tds: number;
	    recommended: string;
	    saving: number;
	    deducted: number;
	    monthly: number;
	    carried: string[];
	
	    static createFrom(source: any = {}) {
	        return new Row(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.seq = source["seq"];
	        this.source_row = source["source_row"];
	        this.name = source["name"];
	        this.employee_code = source["employee_code"];
	        this.pan = source["pan"];
	        this.new_income = source["new_income"];
	        this.new_tax = source["new_tax"];
	        this.new_tds = source["new_tds"];
	        this.old_income = source["old_income"];
	        this.old_tax = source["old_tax"];
	        this.old_tds = source["old_tds"];
	        this.recommended = source["recommended"];
	        this.saving = source["saving"];
	        this.deducted = source["deducted"];
	        this.monthly = source["monthly"];
	        this.carried = source["carried"];
	    }
	}
	export class Page {
	    columns: Carried[];
	    rows: Row[];
	    total: number;
	    totals: Totals;
	
	    static createFrom(source: any = {}) {
	        return new Page(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.columns = this.convertValues(source["columns"], Carried);
	        this.rows = this.convertValues(source["rows"], Row);
	        this.total = source["total"];
	        this.totals = this.convertValues(source["totals"], Totals);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Problem {
	    file: string;
	    sheet?: string;
	    row: number;
	    column?: string;
	    header?: string;
	    value?: string;
	    message: string;
	
	    static createFrom(source: any = {}) {
	        return new Problem(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.file = source["file"];
	        this.sheet = source["sheet"];
	        this.row = source["row"];
	        this.column = source["column"];
	        this.header = source["header"];
	        this.value = source["value"];
	        this.message = source["message"];
	    }
	}
	export class Query {
	    filter: string;
	    regime: string;
	    sort: string;
	    desc: boolean;
	    offset: number;
	    limit: number;
	
	    static createFrom(source: any = {}) {
	        return new Query(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.filter = source["filter"];
	        this.regime = source["regime"];
	        this.sort = source["sort"];
	        this.desc = source["desc"];
	        this.offset = source["offset"];
	        this.limit = source["limit"];
	    }
	}
	
	
	export class Sheet {
	    employee: Identity;
	    row: number;
	    fy: string;
	    month: number;
	    explanation: tds.Explanation;
	    deducted: number;
	    schedule: tds.Instalment[];
	
	    static createFrom(source: any = {}) {
	        return new Sheet(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.employee = this.convertValues(source["employee"], Identity);
	        this.row = source["row"];
	        this.fy = source["fy"];
	        this.month = source["month"];
	        this.explanation = this.convertValues(source["explanation"], tds.Explanation);
	        this.deducted = source["deducted"];
	        this.schedule = this.convertValues(source["schedule"], tds.Instalment);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Target {
	    key: string;
	    title: string;
	    description: string;
	    example: string;
	    required: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Target(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.title = source["title"];
	        this.description = source["description"];
	        this.example = source["example"];
	        this.required = source["required"];
	    }
	}

}

export namespace recon {
	
	export class Action {
	    row_key: string;
	    action: string;
	    fingerprint: string;
	    updated_at?: string;
	
	    static createFrom(source: any = {}) {
	        return new Action(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.row_key = source["row_key"];
	        this.action = source["action"];
	        this.fingerprint = source["fingerprint"];
	        this.updated_at = source["updated_at"];
	    }
	}
	export class Invoice {
	    source: string;
	    row_ref: string;
	    supplier_gstin: string;
	    supplier_name?: string;
	    invoice_number: string;
	    invoice_date: string;
	    place_of_supply: string;
	    reverse_charge: boolean;
	    document_type: string;
	    inv_type?: string;
	    invoice_value: number;
	    taxable_value: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	    period: string;
	    cfs?: string;
	    cfs3b?: string;
	    cancelled_on?: string;
	    duplicate_of?: string;
	
	    static createFrom(source: any = {}) {
	        return new Invoice(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.source = source["source"];
	        this.row_ref = source["row_ref"];
	        this.supplier_gstin = source["supplier_gstin"];
	        this.supplier_name = source["supplier_name"];
	        this.invoice_number = source["invoice_number"];
	        this.invoice_date = source["invoice_date"];
	        this.place_of_supply = source["place_of_supply"];
	        this.reverse_charge = source["reverse_charge"];
	        this.document_type = source["document_type"];
	        this.inv_type = source["inv_type"];
	        this.invoice_value = source["invoice_value"];
	        this.taxable_value = source["taxable_value"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	        this.period = source["period"];
	        this.cfs = source["cfs"];
	        this.cfs3b = source["cfs3b"];
	        this.cancelled_on = source["cancelled_on"];
	        this.duplicate_of = source["duplicate_of"];
	    }
	}
	export class Candidate {
	    invoice: Invoice;
	    norm: string;
	    reason: string;
	
	    static createFrom(source: any = {}) {
	        return new Candidate(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.invoice = this.convertValues(source["invoice"], Invoice);
	        this.norm = source["norm"];
	        this.reason = source["reason"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Comparison {
	    field: string;
	    books: string;
	    gstr2a: string;
	    diff?: string;
	    verdict: string;
	
	    static createFrom(source: any = {}) {
	        return new Comparison(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.field = source["field"];
	        this.books = source["books"];
	        this.gstr2a = source["gstr2a"];
	        this.diff = source["diff"];
	        this.verdict = source["verdict"];
	    }
	}
	export class Difference {
	    field: string;
	    books: string;
	    gstr2a: string;
	    diff?: string;
	    within_tolerance?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Difference(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.field = source["field"];
	        this.books = source["books"];
	        this.gstr2a = source["gstr2a"];
	        this.diff = source["diff"];
	        this.within_tolerance = source["within_tolerance"];
	    }
	}
	export class Row {
	    status: string;
	    books?: Invoice;
	    gstr2a?: Invoice;
	    rule: string;
	    rule_id: string;
	    norm_books: string;
	    norm_gstr2a: string;
	    differences: Difference[];
	    candidates?: Candidate[];
	    period: string;
	    key: string;
	    action?: string;
	    changed_since_action?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Row(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.status = source["status"];
	        this.books = this.convertValues(source["books"], Invoice);
	        this.gstr2a = this.convertValues(source["gstr2a"], Invoice);
	        this.rule = source["rule"];
	        this.rule_id = source["rule_id"];
	        this.norm_books = source["norm_books"];
	        this.norm_gstr2a = source["norm_gstr2a"];
	        this.differences = this.convertValues(source["differences"], Difference);
	        this.candidates = this.convertValues(source["candidates"], Candidate);
	        this.period = source["period"];
	        this.key = source["key"];
	        this.action = source["action"];
	        this.changed_since_action = source["changed_since_action"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Explanation {
	    row: Row;
	    fields: Comparison[];
	    tolerance: number;
	    date_window_days: number;
	    books_id: string;
	    gstr2a_id: string;
	    candidate_ids: string[];
	    candidate_status: string[];
	
	    static createFrom(source: any = {}) {
	        return new Explanation(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.row = this.convertValues(source["row"], Row);
	        this.fields = this.convertValues(source["fields"], Comparison);
	        this.tolerance = source["tolerance"];
	        this.date_window_days = source["date_window_days"];
	        this.books_id = source["books_id"];
	        this.gstr2a_id = source["gstr2a_id"];
	        this.candidate_ids = source["candidate_ids"];
	        this.candidate_status = source["candidate_status"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class ManualLink {
	    kind: string;
	    books: string;
	    gstr2a: string;
	
	    static createFrom(source: any = {}) {
	        return new ManualLink(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.books = source["books"];
	        this.gstr2a = source["gstr2a"];
	    }
	}
	export class Options {
	    amount_tolerance: number;
	    date_window_days: number;
	    combine_duplicates?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Options(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.amount_tolerance = source["amount_tolerance"];
	        this.date_window_days = source["date_window_days"];
	        this.combine_duplicates = source["combine_duplicates"];
	    }
	}
	export class StatusTotal {
	    status: string;
	    count: number;
	    tax: number;
	
	    static createFrom(source: any = {}) {
	        return new StatusTotal(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.status = source["status"];
	        this.count = source["count"];
	        this.tax = source["tax"];
	    }
	}
	export class PeriodSummary {
	    period: string;
	    by_status: StatusTotal[];
	    itc_confident: number;
	    itc_review: number;
	    itc_at_risk: number;
	    risk_missing_in_2a: number;
	    risk_not_filed: number;
	    risk_cancelled: number;
	    risk_over_2a: number;
	    unclaimed_in_2a: number;
	    ignored_rows: number;
	    changed_rows: number;
	    undecided_rows: number;
	    supplier_issues: number;
	
	    static createFrom(source: any = {}) {
	        return new PeriodSummary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.by_status = this.convertValues(source["by_status"], StatusTotal);
	        this.itc_confident = source["itc_confident"];
	        this.itc_review = source["itc_review"];
	        this.itc_at_risk = source["itc_at_risk"];
	        this.risk_missing_in_2a = source["risk_missing_in_2a"];
	        this.risk_not_filed = source["risk_not_filed"];
	        this.risk_cancelled = source["risk_cancelled"];
	        this.risk_over_2a = source["risk_over_2a"];
	        this.unclaimed_in_2a = source["unclaimed_in_2a"];
	        this.ignored_rows = source["ignored_rows"];
	        this.changed_rows = source["changed_rows"];
	        this.undecided_rows = source["undecided_rows"];
	        this.supplier_issues = source["supplier_issues"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class RegisterField {
	    key: string;
	    title: string;
	    required: boolean;
	    aliases: string[];
	
	    static createFrom(source: any = {}) {
	        return new RegisterField(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.title = source["title"];
	        this.required = source["required"];
	        this.aliases = source["aliases"];
	    }
	}
	
	export class RowError {
	    file: string;
	    sheet?: string;
	    row?: number;
	    column?: string;
	    value?: string;
	    expected: string;
	    warning?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new RowError(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.file = source["file"];
	        this.sheet = source["sheet"];
	        this.row = source["row"];
	        this.column = source["column"];
	        this.value = source["value"];
	        this.expected = source["expected"];
	        this.warning = source["warning"];
	    }
	}
	export class Run {
	    id: string;
	    workspace_id: string;
	    from_period: string;
	    to_period: string;
	    options: Options;
	    register_name: string;
	    register_sha256: string;
	    counts: Record<string, number>;
	    created_at: string;
	    pinned: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Run(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.workspace_id = source["workspace_id"];
	        this.from_period = source["from_period"];
	        this.to_period = source["to_period"];
	        this.options = this.convertValues(source["options"], Options);
	        this.register_name = source["register_name"];
	        this.register_sha256 = source["register_sha256"];
	        this.counts = source["counts"];
	        this.created_at = source["created_at"];
	        this.pinned = source["pinned"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class RowsView {
	    run: Run;
	    counts: Record<string, number>;
	    changed: number;
	    decided: number;
	    total: number;
	    offset: number;
	    rows: Row[];
	
	    static createFrom(source: any = {}) {
	        return new RowsView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run = this.convertValues(source["run"], Run);
	        this.counts = source["counts"];
	        this.changed = source["changed"];
	        this.decided = source["decided"];
	        this.total = source["total"];
	        this.offset = source["offset"];
	        this.rows = this.convertValues(source["rows"], Row);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	
	export class Summary {
	    periods: PeriodSummary[];
	    total: PeriodSummary;
	
	    static createFrom(source: any = {}) {
	        return new Summary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.periods = this.convertValues(source["periods"], PeriodSummary);
	        this.total = this.convertValues(source["total"], PeriodSummary);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class SupplierSummary {
	    gstin: string;
	    name: string;
	    by_status: StatusTotal[];
	    books_tax: number;
	    gstr2a_tax: number;
	    difference: number;
	    cfs: string;
	    cfs3b: string;
	    cancelled_on?: string;
	    risk: string;
	    risk_reasons: string[];
	    itc_at_risk: number;
	
	    static createFrom(source: any = {}) {
	        return new SupplierSummary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.name = source["name"];
	        this.by_status = this.convertValues(source["by_status"], StatusTotal);
	        this.books_tax = source["books_tax"];
	        this.gstr2a_tax = source["gstr2a_tax"];
	        this.difference = source["difference"];
	        this.cfs = source["cfs"];
	        this.cfs3b = source["cfs3b"];
	        this.cancelled_on = source["cancelled_on"];
	        this.risk = source["risk"];
	        this.risk_reasons = source["risk_reasons"];
	        this.itc_at_risk = source["itc_at_risk"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class WatchAlert {
	    gstin: string;
	    name: string;
	    state: string;
	    type: string;
	    label: string;
	    date: string;
	    severity: string;
	    after: Invoice[];
	    tax_after: number;
	
	    static createFrom(source: any = {}) {
	        return new WatchAlert(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.name = source["name"];
	        this.state = source["state"];
	        this.type = source["type"];
	        this.label = source["label"];
	        this.date = source["date"];
	        this.severity = source["severity"];
	        this.after = this.convertValues(source["after"], Invoice);
	        this.tax_after = source["tax_after"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class WatchView {
	    from: string;
	    to: string;
	    states: string[];
	    suppliers: number;
	    checked: number;
	    failed: string[];
	    alerts: WatchAlert[];
	    stopped?: string;
	
	    static createFrom(source: any = {}) {
	        return new WatchView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.from = source["from"];
	        this.to = source["to"];
	        this.states = source["states"];
	        this.suppliers = source["suppliers"];
	        this.checked = source["checked"];
	        this.failed = source["failed"];
	        this.alerts = this.convertValues(source["alerts"], WatchAlert);
	        this.stopped = source["stopped"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace reconcile {
	
	export class ReconImport {
	    token: string;
	    file: string;
	    size: number;
	    headers: string[];
	    mapping: Record<string, string>;
	    saved: boolean;
	    confirm: boolean;
	    missing: string[];
	    errors: recon.RowError[];
	    error_count: number;
	    warning_count: number;
	    invoices: number;
	    first_date: string;
	    last_date: string;
	    sample: boolean;
	    duplicates: number;
	
	    static createFrom(source: any = {}) {
	        return new ReconImport(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.token = source["token"];
	        this.file = source["file"];
	        this.size = source["size"];
	        this.headers = source["headers"];
	        this.mapping = source["mapping"];
	        this.saved = source["saved"];
	        this.confirm = source["confirm"];
	        this.missing = source["missing"];
	        this.errors = this.convertValues(source["errors"], recon.RowError);
	        this.error_count = source["error_count"];
	        this.warning_count = source["warning_count"];
	        this.invoices = source["invoices"];
	        this.first_date = source["first_date"];
	        this.last_date = source["last_date"];
	        this.sample = source["sample"];
	        this.duplicates = source["duplicates"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace returns {
	
	export class Comparison {
	    from_id: string;
	    to_id: string;
	
	    static createFrom(source: any = {}) {
	        return new Comparison(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.from_id = source["from_id"];
	        this.to_id = source["to_id"];
	    }
	}
	export class PullRequest {
	    gstin: string;
	    periods: string[];
	    supplier: string;
	    from: string;
	
	    static createFrom(source: any = {}) {
	        return new PullRequest(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.periods = source["periods"];
	        this.supplier = source["supplier"];
	        this.from = source["from"];
	    }
	}
	export class PullResult {
	    period: string;
	    status: string;
	    snapshot_id?: string;
	    invoices: number;
	    suppliers: number;
	    transaction_id?: string;
	    fetched_at?: string;
	    notice?: string;
	    error?: apperr.Error;
	
	    static createFrom(source: any = {}) {
	        return new PullResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.status = source["status"];
	        this.snapshot_id = source["snapshot_id"];
	        this.invoices = source["invoices"];
	        this.suppliers = source["suppliers"];
	        this.transaction_id = source["transaction_id"];
	        this.fetched_at = source["fetched_at"];
	        this.notice = source["notice"];
	        this.error = this.convertValues(source["error"], apperr.Error);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class SessionView {
	    gstin: string;
	    username: string;
	    active: boolean;
	    session_expiry: string;
	    warning?: string;
	    from_env: boolean;
	
	    static createFrom(source: any = {}) {
	        return new SessionView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.username = source["username"];
	        this.active = source["active"];
	        this.session_expiry = source["session_expiry"];
	        this.warning = source["warning"];
	        this.from_env = source["from_env"];
	    }
	}

}

export namespace salary {
	
	export class TDSImport {
	    token: string;
	    file: string;
	    format: string;
	    sheet: string;
	    hash: string;
	    size: number;
	    columns: payroll.Match[];
	    missing: string[];
	    problems: payroll.Problem[];
	    problem_count: number;
	    bad_rows: number;
	    rows: number;
	    warnings: string[];
	    employees: number;
	
	    static createFrom(source: any = {}) {
	        return new TDSImport(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.token = source["token"];
	        this.file = source["file"];
	        this.format = source["format"];
	        this.sheet = source["sheet"];
	        this.hash = source["hash"];
	        this.size = source["size"];
	        this.columns = this.convertValues(source["columns"], payroll.Match);
	        this.missing = source["missing"];
	        this.problems = this.convertValues(source["problems"], payroll.Problem);
	        this.problem_count = source["problem_count"];
	        this.bad_rows = source["bad_rows"];
	        this.rows = source["rows"];
	        this.warnings = source["warnings"];
	        this.employees = source["employees"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class TDSSheet {
	    run: payroll.Run;
	    seq: number;
	    sheet: payroll.Sheet;
	    checks: payroll.Check[];
	
	    static createFrom(source: any = {}) {
	        return new TDSSheet(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run = this.convertValues(source["run"], payroll.Run);
	        this.seq = source["seq"];
	        this.sheet = this.convertValues(source["sheet"], payroll.Sheet);
	        this.checks = this.convertValues(source["checks"], payroll.Check);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace store {
	
	export class Workspace {
	    id: string;
	    name: string;
	    gstin: string;
	    environment: string;
	    base_url: string;
	    created_at: string;
	    last_used_at: string;
	
	    static createFrom(source: any = {}) {
	        return new Workspace(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.name = source["name"];
	        this.gstin = source["gstin"];
	        this.environment = source["environment"];
	        this.base_url = source["base_url"];
	        this.created_at = source["created_at"];
	        this.last_used_at = source["last_used_at"];
	    }
	}

}

export namespace tds {
	
	export class Line {
	    label: string;
	    amount: number;
	    section?: string;
	    note?: string;
	
	    static createFrom(source: any = {}) {
	        return new Line(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.label = source["label"];
	        this.amount = source["amount"];
	        this.section = source["section"];
	        this.note = source["note"];
	    }
	}
	export class RegimeResult {
	    regime: string;
	    income_tax_payable: number;
	    surcharge: number;
	    health_and_education_cess: number;
	    tds_on_salary: number;
	    relief_us_87_a: number;
	    gross_total_income: number;
	    chapter_via: number;
	    total_income: number;
	    tax_on_total_income: number;
	    liability: number;
	    pan_rate_applied: boolean;
	    surcharge_relief: number;
	    marginal_relief_87_a: boolean;
	
	    static createFrom(source: any = {}) {
	        return new RegimeResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.regime = source["regime"];
	        this.income_tax_payable = source["income_tax_payable"];
	        this.surcharge = source["surcharge"];
	        this.health_and_education_cess = source["health_and_education_cess"];
	        this.tds_on_salary = source["tds_on_salary"];
	        this.relief_us_87_a = source["relief_us_87_a"];
	        this.gross_total_income = source["gross_total_income"];
	        this.chapter_via = source["chapter_via"];
	        this.total_income = source["total_income"];
	        this.tax_on_total_income = source["tax_on_total_income"];
	        this.liability = source["liability"];
	        this.pan_rate_applied = source["pan_rate_applied"];
	        this.surcharge_relief = source["surcharge_relief"];
	        this.marginal_relief_87_a = source["marginal_relief_87_a"];
	    }
	}
	export class Explanation {
	    fy: number;
	    // Go type: RegimeResult
	    new: any;
	    // Go type: RegimeResult
	    old: any;
	    recommended_regime: string;
	    saving: number;
	    new_lines: Line[];
	    old_lines: Line[];
	    break_even: number;
	    break_even_ok: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Explanation(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.fy = source["fy"];
	        this.new = this.convertValues(source["new"], null);
	        this.old = this.convertValues(source["old"], null);
	        this.recommended_regime = source["recommended_regime"];
	        this.saving = source["saving"];
	        this.new_lines = this.convertValues(source["new_lines"], Line);
	        this.old_lines = this.convertValues(source["old_lines"], Line);
	        this.break_even = source["break_even"];
	        this.break_even_ok = source["break_even_ok"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Instalment {
	    month: number;
	    amount: number;
	
	    static createFrom(source: any = {}) {
	        return new Instalment(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.month = source["month"];
	        this.amount = source["amount"];
	    }
	}

}

export namespace workspaces {
	
	export class Info {
	    version: string;
	    workspace: store.Workspace;
	    environment: string;
	    demo: boolean;
	    base_url: string;
	    data_dir: string;
	    offline: boolean;
	    credentials: config.CredentialStatus;
	    calls_today: number;
	    notices: string[];
	
	    static createFrom(source: any = {}) {
	        return new Info(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.version = source["version"];
	        this.workspace = this.convertValues(source["workspace"], store.Workspace);
	        this.environment = source["environment"];
	        this.demo = source["demo"];
	        this.base_url = source["base_url"];
	        this.data_dir = source["data_dir"];
	        this.offline = source["offline"];
	        this.credentials = this.convertValues(source["credentials"], config.CredentialStatus);
	        this.calls_today = source["calls_today"];
	        this.notices = source["notices"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Spec {
	    name: string;
	    gstin: string;
	    environment: string;
	    base_url: string;
	
	    static createFrom(source: any = {}) {
	        return new Spec(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.gstin = source["gstin"];
	        this.environment = source["environment"];
	        this.base_url = source["base_url"];
	    }
	}
	export class Usage {
	    gstr2a_pulls: number;
	    recon_runs: number;
	    payroll_runs: number;
	    decisions: number;
	    settings: number;
	
	    static createFrom(source: any = {}) {
	        return new Usage(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstr2a_pulls = source["gstr2a_pulls"];
	        this.recon_runs = source["recon_runs"];
	        this.payroll_runs = source["payroll_runs"];
	        this.decisions = source["decisions"];
	        this.settings = source["settings"];
	    }
	}

}

