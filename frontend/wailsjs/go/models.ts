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

export namespace desk {
	
	export class Info {
	    version: string;
	    workspace: store.Workspace;
	    environment: string;
	    demo: boolean;
	    base_url: string;
	    data_dir: string;
	    offline: boolean;
	    credentials: config.CredentialStatus;
	
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

